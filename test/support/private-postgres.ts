import { rmSync } from "node:fs";
import { join } from "node:path";
import { embeddedDataDir, ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from "@/scripts/db/embedded-postgres";
import { applyMigrations } from "@/scripts/db/migrations";

/**
 * A PostgreSQL of a fault test's own (never the machine's shared one): an embedded cluster
 * on a free port that the test may stop and start again on the same port and data.
 */
export type PrivatePostgres = { url: string; stop: () => Promise<void>; start: () => Promise<void>; dispose: () => Promise<void> };

export async function startPrivatePostgres(name: string): Promise<PrivatePostgres> {
  const dataDir = join(embeddedDataDir("fault-postgres"), `${name}-${process.pid}-${Date.now().toString(36)}`);
  const quiet = () => {};
  let server: EmbeddedPostgres | undefined = await startEmbeddedPostgres({ dataDir, disposable: true, log: quiet });
  const port = server.port;
  await ensureDatabase(server.url("postgres"), "room_booking");
  const url = server.url("room_booking");
  await applyMigrations(url);
  return {
    url,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      server = await startEmbeddedPostgres({ dataDir, disposable: true, preferredPort: port, log: quiet });
      if (server.port !== port) throw new Error(`the private PostgreSQL came back on port ${server.port}, not ${port}`);
    },
    async dispose() {
      await server?.stop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
