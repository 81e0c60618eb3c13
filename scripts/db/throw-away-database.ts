import { rmSync } from "node:fs";
import { join } from "node:path";
import { embeddedDataDir, ensureDatabase, startEmbeddedPostgres } from "./embedded-postgres";
import { assertLocalDatabase, dropDatabase, withDatabaseName } from "./local-databases";

export type ThrowAwayDatabase = { url: string; dispose: () => Promise<void> };

/**
 * An empty database for one run (the e2e server, the production-install check): a new database
 * `rb_<runId>_<purpose>` on DATABASE_URL's server when set (local servers only), else a
 * throw-away embedded cluster. dispose() drops it, or stops and removes the cluster.
 */
export async function createThrowAwayDatabase(options: { runId: string; purpose: string; log: (line: string) => void }): Promise<ThrowAwayDatabase> {
  const fromEnv = process.env.DATABASE_URL?.trim();
  if (fromEnv) {
    assertLocalDatabase(fromEnv);
    const admin = withDatabaseName(fromEnv, "postgres");
    const name = `rb_${options.runId}_${options.purpose}`;
    await ensureDatabase(admin, name);
    return { url: withDatabaseName(fromEnv, name), dispose: () => dropDatabase(admin, name) };
  }
  const dataDir = join(embeddedDataDir(`${options.purpose}-postgres`), options.runId);
  const server = await startEmbeddedPostgres({ dataDir, disposable: true, log: options.log });
  await ensureDatabase(server.url("postgres"), "room_booking");
  return {
    url: server.url("room_booking"),
    dispose: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
