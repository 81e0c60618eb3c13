import { createRequire } from "node:module";

/** Typed door to schema-engine.cjs (CommonJS: Prisma's internals do not load from ESM). */
type SchemaEngine = {
  applyMigrations(databaseUrl: string): Promise<{ applied: string[] }>;
  resetDatabase(databaseUrl: string): Promise<void>;
  migrationStatus(databaseUrl: string): Promise<{ pending: string[]; failed: string[]; edited: string[]; history: unknown }>;
  diffSchemas(databaseUrl: string, fromSchema: string | null, toSchema: string): Promise<string>;
  schemaPath: string;
  migrationsDir: string;
};

const require = createRequire(import.meta.url);

export const schemaEngine = require("./schema-engine.cjs") as SchemaEngine;
