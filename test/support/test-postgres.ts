import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { embeddedDataDir, startEmbeddedPostgres } from "@/scripts/db/embedded-postgres";
import { assertLocalDatabase, withDatabaseName } from "@/scripts/db/local-databases";

export { createDatabase, dropDatabase } from "@/scripts/db/local-databases";

/**
 * A PostgreSQL server for a test run: the one DATABASE_URL names (CI: the machine's
 * service), else a throw-away embedded cluster. Either way every run works in databases of
 * its own, named with a run id, and drops them when done.
 */
export type TestPostgres = { adminUrl: string; runId: string; stop: () => Promise<void> };

export async function startTestPostgres(): Promise<TestPostgres> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const fromEnv = process.env.DATABASE_URL?.trim();
  if (fromEnv) {
    assertLocalDatabase(fromEnv);
    return { adminUrl: withDatabaseName(fromEnv, "postgres"), runId, stop: async () => {} };
  }
  const dataDir = join(embeddedDataDir("test-postgres"), runId);
  const server = await startEmbeddedPostgres({ dataDir, disposable: true, log: () => {} });
  return {
    adminUrl: server.url("postgres"),
    runId,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

