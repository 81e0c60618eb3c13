import type { TestProject } from "vitest/node";
import { applyMigrations } from "@/scripts/db/migrations";
import { ensureRedis } from "@/scripts/test/ensure-redis";
import { createDatabase, dropDatabase, startTestPostgres } from "./test-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    templateDatabase: string;
    runId: string;
    /** REDIS_URL when set, else a private redis-server for this run (rate-limit tests). */
    redisUrl: string;
  }
}

/**
 * Integration tests: one PostgreSQL for the run and one migrated template database; each
 * test file copies the template into a database of its own (test/support/database.ts), so
 * files run in parallel without seeing each other's rows.
 */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  const templateDatabase = `rb_${server.runId}_template`;
  const templateUrl = await createDatabase(server.adminUrl, templateDatabase);
  await applyMigrations(templateUrl);
  project.provide("databaseAdminUrl", server.adminUrl);
  project.provide("templateDatabase", templateDatabase);
  project.provide("runId", server.runId);
  const redis = await ensureRedis().catch(async (error: unknown) => {
    await dropDatabase(server.adminUrl, templateDatabase);
    await server.stop();
    throw error;
  });
  project.provide("redisUrl", redis.url);
  return async () => {
    await dropDatabase(server.adminUrl, templateDatabase);
    await server.stop();
    await redis.stop();
  };
}
