import { createDb, type Db } from "@/lib/db";
import { withDatabase } from "../db/database";
import { applyMigrations } from "../db/migrations";

/**
 * The CLI's database: DATABASE_URL, or the embedded development database (started or joined)
 * when it is unset. Pending migrations are applied first, silently, so a fresh database works.
 */
export async function openAdminDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  return withDatabase(async ({ url }) => {
    await applyMigrations(url);
    const db = createDb(url, { maxConnections: 2 });
    try {
      return await fn(db);
    } finally {
      await db.$disconnect();
    }
  });
}
