import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { applyDatabaseFunctions, FUNCTIONS_DIR, functionDrift, readDatabaseFunctions } from "@/scripts/db/database-functions";
import { setupTestDatabase } from "../support/database";

/**
 * The SQL that runs is the SQL you read: every function of the app's schema has its text in
 * lib/bookings/sql/, and a migrated database's bodies (pg_proc) are exactly the files'.
 */
const database = setupTestDatabase();
const MIGRATIONS = join(import.meta.dirname, "..", "..", "prisma", "migrations");
/** From this migration on, a function's text is its file's only: a migration may drop a function (to change its arguments), never define one. */
const FILES_SINCE = "20261127000000";

let client: pg.Client | undefined;
async function connect(): Promise<pg.Client> {
  client = new pg.Client({ connectionString: database().url });
  await client.connect();
  return client;
}
afterEach(async () => {
  await client?.end();
  client = undefined;
});

describe("the database's functions and lib/bookings/sql", () => {
  it("a migrated database runs exactly the files' text, and has no function without a file", async () => {
    const names = readDatabaseFunctions().map((fn) => fn.name);
    expect(names).toEqual(expect.arrayContaining(["book_stay", "cancel_booking", "rate_plan_price", "stay_restriction", "queue_event_dispatch", "cancellation_terms"]));
    expect(await functionDrift(await connect())).toEqual({ differ: [], unknown: [] });
  });

  it("notices a body that is not its file's, or a function with no file, and migrate brings the files' text back", async () => {
    const db = await connect();
    await db.query(`CREATE OR REPLACE FUNCTION rate_plan_price(rate int, percent int, amount int) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT rate $$`);
    await db.query(`CREATE FUNCTION stray_rule(x int) RETURNS int LANGUAGE sql AS $$ SELECT x $$`);
    expect(await functionDrift(db)).toEqual({ differ: ["rate_plan_price"], unknown: ["stray_rule"] });
    expect(await applyDatabaseFunctions(database().url)).toEqual(["rate_plan_price"]);
    expect((await db.query("SELECT rate_plan_price(10000, -10, NULL) AS price")).rows[0].price).toBe(9000);
    expect(await functionDrift(db)).toEqual({ differ: [], unknown: ["stray_rule"] });
    // Nothing differs: nothing is replaced.
    expect(await applyDatabaseFunctions(database().url)).toEqual([]);
  });

  it("each function is stated once: no migration since the files defines one", () => {
    const names = readdirSync(FUNCTIONS_DIR).map((file) => file.replace(/\.sql$/, ""));
    const later = readdirSync(MIGRATIONS).filter((folder) => /^\d{14}_/.test(folder) && folder.slice(0, 14) > FILES_SINCE);
    const restated = later.flatMap((folder) => {
      const sql = readFileSync(join(MIGRATIONS, folder, "migration.sql"), "utf8");
      return names.filter((name) => new RegExp(`CREATE\\s+(OR\\s+REPLACE\\s+)?FUNCTION\\s+${name}\\s*\\(`, "i").test(sql)).map((name) => `${folder}: ${name}`);
    });
    expect(restated).toEqual([]);
  });
});
