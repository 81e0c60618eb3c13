import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { createDb, type Db } from "@/lib/db";
import { createDatabase, dropDatabase } from "./test-postgres";

export type TestDatabase = { db: Db; url: string; name: string };

/** A fresh migrated database for one test file, dropped after it. Call at the top of the file. */
export function setupTestDatabase(): () => TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    if (current) await disposeTestDatabase(current);
  });
  return () => {
    if (!current) throw new Error("setupTestDatabase(): the database is made in beforeAll; use it inside tests");
    return current;
  };
}

export async function createTestDatabase(options: { template?: boolean } = {}): Promise<TestDatabase> {
  const name = `rb_${inject("runId")}_${randomBytes(4).toString("hex")}`;
  const url = await createDatabase(inject("databaseAdminUrl"), name, options.template === false ? undefined : inject("templateDatabase"));
  return { db: createDb(url, { maxConnections: 20 }), url, name };
}

export async function disposeTestDatabase(database: TestDatabase): Promise<void> {
  await database.db.$disconnect();
  await dropDatabase(inject("databaseAdminUrl"), database.name);
}
