import { relative } from "node:path";
import pg from "pg";
import { functionDrift } from "./database-functions";
import { withDatabase } from "./database";
import { schemaEngine } from "./engine";
import { applyMigrations, createMigration } from "./migrations";

/**
 * npm run db:migrate                     apply the committed migrations
 * npm run db:migration:create -- NAME    write a migration for what schema.prisma changed
 * npm run db:status                      list applied, pending and failed migrations, and the
 *                                        database functions that are not lib/bookings/sql's text
 * npm run db:seed                        the demo data (safe to run twice)
 * On DATABASE_URL, or on the embedded development database when it is unset.
 */
const usage = "usage: db migrate | db create-migration NAME | db status | db seed";

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "migrate":
      return withDatabase(async ({ url }) => {
        const applied = await applyMigrations(url, (line) => console.error(`[db] ${line}`));
        console.error(applied.length ? `[db] applied ${applied.length} migration(s): ${applied.join(", ")}` : "[db] the database is up to date");
        return 0;
      });
    case "create-migration": {
      const name = rest[0];
      if (!name || !/^[a-z0-9_]+$/.test(name)) {
        console.error("db create-migration: give a name in lower case letters, digits and _ (e.g. add_booking_notes)");
        return 2;
      }
      return withDatabase(async ({ url }) => {
        const folder = await createMigration(url, name);
        if (!folder) console.error("[db] schema.prisma has no change that the migrations do not already carry");
        else {
          console.error(`[db] wrote ${relative(process.cwd(), folder)}/migration.sql: review it, add any CHECK constraint by hand, then npm run db:migrate`);
        }
        return 0;
      });
    }
    case "status":
      return withDatabase(async ({ url }) => {
        const status = await schemaEngine.migrationStatus(url);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const functions = await functionDrift(client).finally(() => client.end());
        console.log(JSON.stringify({ ...status, functions }, null, 2));
        return status.failed.length || status.pending.length || functions.differ.length ? 1 : 0;
      });
    case "seed":
      return withDatabase(async ({ url }) => {
        const { seedDemoData } = await import("../../prisma/seed");
        await applyMigrations(url);
        await seedDemoData(url);
        return 0;
      });
    default:
      console.error(usage);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[db] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
