import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { embeddedDataDir, startEmbeddedPostgres } from "@/scripts/db/embedded-postgres";
import { assertLocalDatabase, withDatabaseName } from "./local-database-guard";

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

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  assertLocalDatabase(adminUrl);
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
      return withDatabaseName(adminUrl, name);
    } catch (error) {
      // Two workers copying one template at the same moment: PostgreSQL asks the second to wait.
      if (attempt < 20 && /being accessed by other users/.test(String(error))) {
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
        continue;
      }
      throw error;
    }
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  assertLocalDatabase(adminUrl);
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
