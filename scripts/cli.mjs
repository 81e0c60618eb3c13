#!/usr/bin/env node
// The one door to the project's command-line tools: `npm run admin`, `npm run db:*`, `npm run worker`.
//
//   node scripts/cli.mjs admin <command> [options]
//   node scripts/cli.mjs db migrate|status|seed
//   node scripts/cli.mjs worker
//
// In development (tsx installed) it runs the TypeScript sources, in this process, through
// tsx's loader, so nothing needs building. After `npm prune --omit=dev` there is no tsx:
// it runs the bundles that `npm run build` wrote to dist/cli/ (scripts/build/cli.mjs).
// Plain JavaScript with no dependencies on purpose: it must start on a pruned install.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const TOOLS = {
  admin: { source: "scripts/admin/main.ts", bundle: "dist/cli/admin.mjs" },
  db: { source: "scripts/db/cli.ts", bundle: "dist/cli/db.mjs" },
  // With an OTLP endpoint set, tracing starts before the worker loads pg (lib/tracing).
  worker: { source: "scripts/worker.ts", bundle: "dist/cli/worker.mjs", first: { source: "lib/tracing/register-tracing.ts", bundle: "dist/cli/tracing.mjs" } },
};

function tsxInstalled() {
  try {
    createRequire(join(root, "package.json")).resolve("tsx/package.json");
    return true;
  } catch {
    return false;
  }
}

const [name, ...args] = process.argv.slice(2);
const tool = Object.hasOwn(TOOLS, name ?? "") ? TOOLS[name] : undefined;
if (!tool) {
  console.error(`usage: node scripts/cli.mjs ${Object.keys(TOOLS).join("|")} [arguments]`);
  process.exit(2);
}

let entry;
let first;
if (tsxInstalled()) {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: join(root, "tsconfig.json") });
  entry = join(root, tool.source);
  first = tool.first && join(root, tool.first.source);
} else if (existsSync(join(root, tool.bundle))) {
  entry = join(root, tool.bundle);
  first = tool.first && join(root, tool.first.bundle);
} else {
  console.error(
    `${tool.bundle} is missing and tsx (a dev dependency) is not installed: run npm run build first ` +
      "(with dev dependencies installed; see docs/production.md).",
  );
  process.exit(1);
}

// The tool reads its arguments from process.argv.slice(2), as if started directly.
process.argv.splice(1, process.argv.length - 1, entry, ...args);
if (first) await import(pathToFileURL(first).href);
await import(pathToFileURL(entry).href);
