// Prisma's schema engine, run as WebAssembly over a node-postgres connection.
//
// The Prisma CLI downloads a native schema engine for every migrate command, which
// cannot be done offline (see ../shared/ENVIRONMENT.md). Prisma also publishes that engine
// as WebAssembly (@prisma/schema-engine-wasm); this module drives it through
// @prisma/migrate with the same migrations folder and the same SQL as the CLI.
// These are Prisma's internal APIs: the packages are pinned exactly in package.json and
// test/integration/migrations.test.ts migrates a fresh database on every run.
//
// CommonJS on purpose: these internals do not load from an ES module.
"use strict";

const fs = require("node:fs");
const path = require("node:path");

// Two folders below the project root, both here (scripts/db/) and as copied next to the
// production bundle of the commands (dist/cli/, by scripts/build/cli.mjs).
const root = path.resolve(__dirname, "..", "..");
const schemaPath = path.join(root, "prisma", "schema.prisma");
const migrationsDir = path.join(root, "prisma", "migrations");

/**
 * @prisma/internals loads the engine from its own build/ folder, which only the bundled CLI
 * ships. Done by `npm run build` too, so that a production install need not write to
 * node_modules when it migrates.
 */
function ensureWasmInPlace() {
  const internalsDir = path.dirname(require.resolve("@prisma/internals/package.json"));
  const target = path.join(internalsDir, "build", "schema_engine_bg.wasm");
  if (fs.existsSync(target)) return;
  const wasmDir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join(wasmDir, "schema_engine_bg.wasm"), target);
}

async function withEngine(databaseUrl, fn) {
  ensureWasmInPlace();
  const { loadSchemaContext, createSchemaPathInput } = require("@prisma/internals");
  const { bindMigrationAwareSqlAdapterFactory } = require("@prisma/driver-adapter-utils");
  const { PrismaPg } = require("@prisma/adapter-pg");
  const { SchemaEngineWasm, Migrate } = require("@prisma/migrate");

  const schemaContext = await loadSchemaContext({
    schemaPath: createSchemaPathInput({ schemaPathFromArgs: schemaPath, baseDir: root }),
    printLoadMessage: false,
    cwd: root,
  });
  // The engine never closes the connections it opens; left open, the session holding
  // Prisma's migration advisory lock makes the next run in this process wait 10 s for it.
  const factory = new PrismaPg({ connectionString: databaseUrl });
  const opened = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const connection = await connect();
    opened.push(connection);
    // The adapter splits a migration script at every ";", which cuts a function body
    // ($$ ... $$) apart. Send the script whole, as one simple query, as Prisma's native
    // engine does: PostgreSQL runs its statements in order, in one implicit transaction.
    connection.executeScript = async (script) => {
      try {
        await connection.client.query(script);
      } catch (error) {
        connection.onError(error);
      }
    };
    return connection;
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await SchemaEngineWasm.setup({ adapter, schemaContext });
  const migrate = new Migrate({ engine, schemaContext, migrationsDirPath: migrationsDir });
  try {
    return await fn({ migrate, engine, schemaContext });
  } finally {
    await migrate.stop();
    for (const connection of opened) await connection.dispose();
  }
}

/** Applies every committed migration that the database does not have yet. */
async function applyMigrations(databaseUrl) {
  return withEngine(databaseUrl, async ({ migrate }) => {
    const result = await migrate.applyMigrations();
    return { applied: result.appliedMigrationNames };
  });
}

/** Drops everything in the database (used by tests and `db:reset` on local databases only). */
async function resetDatabase(databaseUrl) {
  return withEngine(databaseUrl, ({ migrate }) => migrate.reset());
}

/** Compares the migrations table with the migrations folder. */
async function migrationStatus(databaseUrl) {
  return withEngine(databaseUrl, async ({ migrate }) => {
    const d = await migrate.diagnoseMigrationHistory({ optInToShadowDatabase: false });
    const pending = d.history && d.history.diagnostic === "databaseIsBehind" ? d.history.unappliedMigrationNames : [];
    return { pending, failed: d.failedMigrationNames, edited: d.editedMigrationNames, history: d.history };
  });
}

/**
 * SQL that takes a database from the schema `fromSchema` (a schema.prisma text, or null for
 * an empty database) to `toSchema`; empty when they agree. A pure comparison of two schemas:
 * no database is read (but the engine must be able to connect to start). (The engine's other diff sources describe a live or shadow database,
 * which fails over the pg adapter: "Column type 'char' could not be deserialized".)
 */
async function diffSchemas(databaseUrl, fromSchema, toSchema) {
  const asSource = (text) =>
    text === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: [{ path: schemaPath, content: text }] };
  // The engine connects when it starts, although this comparison reads nothing.
  return withEngine(databaseUrl, async ({ engine }) => {
    const result = await engine.engine.diff({
      from: asSource(fromSchema),
      to: asSource(toSchema),
      script: true,
      exitCode: false,
      shadowDatabaseUrl: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = result.stdout ?? "";
    return sql.includes("This is an empty migration.") ? "" : sql;
  });
}

module.exports = { ensureWasmInPlace, applyMigrations, resetDatabase, migrationStatus, diffSchemas, schemaPath, migrationsDir };
