// Runs `prisma generate` offline. The Prisma CLI insists on downloading a native schema
// engine for every command, even `generate`, which never runs it. We point it at a stub
// that fails loudly, so a CLI `migrate` that slips through cannot silently do nothing.
// Migrations go through scripts/db/ (Prisma's WebAssembly schema engine) instead.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const stub = join(root, "node_modules", ".prisma-schema-engine-stub");
if (!existsSync(stub)) {
  writeFileSync(
    stub,
    '#!/bin/sh\necho "The native Prisma schema engine is not used in this project: run npm run db:migrate (see docs/database.md)." >&2\nexit 1\n',
  );
  chmodSync(stub, 0o755);
}
const prisma = join(root, "node_modules", ".bin", "prisma");
const result = spawnSync(prisma, ["generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: stub,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
