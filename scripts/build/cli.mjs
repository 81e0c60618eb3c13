// The production bundles of the command-line tools (second half of `npm run build`):
//
//   scripts/admin/main.ts  ->  dist/cli/admin.mjs      (npm run admin)
//   scripts/db/cli.ts      ->  dist/cli/db.mjs         (npm run db:migrate, db:status, db:seed)
//   scripts/worker.ts      ->  dist/cli/worker.mjs     (npm run worker)
//   lib/tracing/register-tracing.ts -> dist/cli/tracing.mjs (loaded before the worker: OpenTelemetry)
//   scripts/db/schema-engine.cjs is copied beside them (engine.ts loads it by relative path).
//
// Our TypeScript (scripts/, lib/, prisma/seed.ts, the generated Prisma client) is bundled;
// npm packages stay external and are loaded from node_modules at run time, so everything
// the commands import must be in `dependencies` (a pruned install has nothing else).
// scripts/cli.mjs runs these bundles when tsx is not installed.
// dist/cli/ is two folders below the root, like scripts/db/ and scripts/admin/, so the
// sources' paths relative to their own folder (import.meta.dirname, __dirname) hold in it.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outdir = join(root, "dist", "cli");
const started = Date.now();

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: { admin: "scripts/admin/main.ts", db: "scripts/db/cli.ts", worker: "scripts/worker.ts", tracing: "lib/tracing/register-tracing.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: join(root, "tsconfig.json"),
  logLevel: "warning",
  legalComments: "none",
});
copyFileSync(join(root, "scripts", "db", "schema-engine.cjs"), join(outdir, "schema-engine.cjs"));

// Put Prisma's WebAssembly schema engine where @prisma/internals looks for it now, so that
// migrating on a production server does not need to write to node_modules.
createRequire(import.meta.url)(join(outdir, "schema-engine.cjs")).ensureWasmInPlace();

console.error(`[build] command-line tools bundled into ${relative(root, outdir)}/ (${Date.now() - started} ms)`);
