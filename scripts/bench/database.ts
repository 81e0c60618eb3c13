import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { embeddedDataDir, ensureDatabase, startEmbeddedPostgres } from "../db/embedded-postgres";
import { assertLocalDatabase, dropDatabase, withDatabaseName } from "../db/local-databases";
import { say, type Cleanups } from "./say";

/**
 * A database of the run's own: a new one on the local server of DATABASE_URL (dropped at the
 * end), else a disposable embedded PostgreSQL.
 */
export async function benchDatabase(cleanups: Cleanups): Promise<string> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const fromEnv = process.env.DATABASE_URL?.trim();
  if (fromEnv) {
    assertLocalDatabase(fromEnv);
    const admin = withDatabaseName(fromEnv, "postgres");
    await ensureDatabase(admin, `rb_${runId}_bench`);
    cleanups.push(() => dropDatabase(admin, `rb_${runId}_bench`));
    return withDatabaseName(fromEnv, `rb_${runId}_bench`);
  }
  const dataDir = join(embeddedDataDir("bench-postgres"), runId);
  const server = await startEmbeddedPostgres({ dataDir, disposable: true, log: say });
  cleanups.push(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await ensureDatabase(server.url("postgres"), "room_booking");
  return server.url("room_booking");
}
