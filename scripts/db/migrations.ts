import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { migrateJobQueue } from "../../lib/jobs/migrate-job-queue";
import { applyDatabaseFunctions } from "./database-functions";
import { schemaEngine } from "./engine";

/**
 * The schema as the committed migrations leave it. Each new migration is the diff from this
 * snapshot to prisma/schema.prisma, after which the snapshot is updated; so a schema change
 * that no migration carries shows as a non-empty diff (test/integration/migrations.test.ts).
 */
export const snapshotPath = join(schemaEngine.migrationsDir, "schema.snapshot.prisma");

export function readSnapshot(): string | null {
  return existsSync(snapshotPath) ? readFileSync(snapshotPath, "utf8") : null;
}

export function readSchema(): string {
  return readFileSync(schemaEngine.schemaPath, "utf8");
}

/** SQL for what schema.prisma has and the migrations do not; empty when they agree. */
export async function pendingSchemaChanges(databaseUrl: string): Promise<string> {
  return schemaEngine.diffSchemas(databaseUrl, readSnapshot(), readSchema());
}

/**
 * Applies the committed migrations, then the database functions' current text
 * (lib/bookings/sql, database-functions.ts), then the job queue's own (graphile-worker); returns
 * the names of our migrations applied. `say` hears which functions were replaced.
 */
export async function applyMigrations(databaseUrl: string, say?: (line: string) => void): Promise<string[]> {
  const { applied } = await schemaEngine.applyMigrations(databaseUrl);
  const replaced = await applyDatabaseFunctions(databaseUrl);
  if (replaced.length) say?.(`brought ${replaced.length} database function(s) to the text of lib/bookings/sql: ${replaced.join(", ")}`);
  await migrateJobQueue(databaseUrl);
  return applied;
}

/** Writes prisma/migrations/<UTC timestamp>_<name>/migration.sql; returns its folder, or null when nothing changed. */
export async function createMigration(databaseUrl: string, name: string, now = new Date()): Promise<string | null> {
  const sql = await pendingSchemaChanges(databaseUrl);
  if (!sql.trim()) return null;
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = join(schemaEngine.migrationsDir, `${stamp}_${name}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "migration.sql"), sql);
  writeFileSync(snapshotPath, readSchema());
  return folder;
}
