import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

/**
 * The PostgreSQL functions the app calls (book_stay, cancel_booking, the cancellation terms, …):
 * their current text lives in lib/bookings/sql/, one file a function, named as the function.
 * Migrations made them once; from now on `npm run db:migrate` (applyMigrations) brings the
 * database's to the files' text after the migrations, each function only when its body differs,
 * in one transaction. A file is `CREATE OR REPLACE FUNCTION`, so it cannot change a function's
 * arguments or result: a migration drops the old one first (docs/database.md).
 *
 * This module sits in scripts/db/, two folders below the root like dist/cli/ where it is bundled
 * for production, so the folder is found from either.
 */
export const FUNCTIONS_DIR = join(import.meta.dirname, "..", "..", "lib", "bookings", "sql");

export type DatabaseFunction = { name: string; sql: string; body: string };

/** What PostgreSQL keeps of a function as its source (pg_proc.prosrc): the text between its dollar quotes. */
export function bodyOf(sql: string, name = "function"): string {
  const start = sql.indexOf("$$");
  const end = sql.lastIndexOf("$$");
  if (start < 0 || end <= start) throw new Error(`${name}: no $$-quoted body`);
  return sql.slice(start + 2, end);
}

/** Every function of lib/bookings/sql/, in file name order. */
export function readDatabaseFunctions(dir = FUNCTIONS_DIR): DatabaseFunction[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const name = file.slice(0, -".sql".length);
      const sql = readFileSync(join(dir, file), "utf8");
      if (!new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\(`, "m").test(sql)) throw new Error(`${file}: must define CREATE OR REPLACE FUNCTION ${name}(…)`);
      return { name, sql, body: bodyOf(sql, file) };
    });
}

/**
 * How the database's functions stand against the files: `differ`, a body not the file's (or the
 * function missing); `unknown`, a function of the app's schema (SQL or PL/pgSQL, not an
 * extension's) that has no file.
 */
export async function functionDrift(client: pg.ClientBase, functions = readDatabaseFunctions()): Promise<{ differ: string[]; unknown: string[] }> {
  const { rows } = await client.query<{ name: string; body: string }>(
    `SELECT p.proname AS name, p.prosrc AS body
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
     WHERE n.nspname = current_schema() AND l.lanname IN ('sql', 'plpgsql')
       AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
  );
  const stored = new Map(rows.map((row) => [row.name, row.body]));
  const names = new Set(functions.map((fn) => fn.name));
  return {
    differ: functions.filter((fn) => stored.get(fn.name) !== fn.body).map((fn) => fn.name),
    unknown: [...stored.keys()].filter((name) => !names.has(name)).sort(),
  };
}

/** Brings the database's functions to the files' text (only those that differ, in one transaction); the names it replaced. */
export async function applyDatabaseFunctions(databaseUrl: string): Promise<string[]> {
  const functions = readDatabaseFunctions();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    // One migrate at a time brings them (two servers starting at once).
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('room-booking:database-functions', 0))");
    const { differ } = await functionDrift(client, functions);
    for (const fn of functions.filter((candidate) => differ.includes(candidate.name))) await client.query(fn.sql);
    await client.query("COMMIT");
    return differ;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
