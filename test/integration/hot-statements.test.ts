import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { searchAvailability } from "@/lib/availability/search-availability";
import { addDays, dateInTimeZone } from "@/lib/dates/calendar-date";
import { createDb, type Db } from "@/lib/db";
import { seedProperty } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();
const opened: Db[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.$disconnect()));
});

/** A client on the test database with one connection, so that session state can be read back. */
function oneConnection(preparedStatements: boolean): Db {
  const db = createDb(database().url, { maxConnections: 1, preparedStatements });
  opened.push(db);
  return db;
}

async function preparedOnTheConnection(db: Db): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`SELECT name FROM pg_prepared_statements ORDER BY name`;
  return rows.map((row) => row.name);
}

describe("the hot paths' statements", () => {
  it("are prepared once per connection and give the same answers every time", async () => {
    const { property } = await seedProperty(database().db);
    const key = await createApiKey(database().db, { propertyId: property.id, scope: "write", label: "hot", actor: ADMIN_CLI_ACTOR });
    const db = oneConnection(true);
    const checkin = addDays(dateInTimeZone(new Date(), "UTC"), 3);
    const query = { checkin, checkout: addDays(checkin, 2), adults: 2 };
    // More than five runs: PostgreSQL may switch a prepared statement to a generic plan after five.
    for (let i = 0; i < 8; i++) {
      expect((await findActiveApiKey(db, key.key))?.id).toBe(key.id);
      expect((await searchAvailability(db, property, query)).roomTypes).toHaveLength(1);
    }
    expect(await preparedOnTheConnection(db)).toEqual(["active_api_key", "availability"]);
  });

  it("are sent unnamed with DATABASE_PREPARED_STATEMENTS=off, for poolers that do not track prepared statements", async () => {
    const { property } = await seedProperty(database().db);
    const key = await createApiKey(database().db, { propertyId: property.id, scope: "read", label: "plain", actor: ADMIN_CLI_ACTOR });
    const db = oneConnection(false);
    expect((await findActiveApiKey(db, key.key))?.id).toBe(key.id);
    expect(await preparedOnTheConnection(db)).toEqual([]);
  });
});
