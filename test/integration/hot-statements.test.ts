import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { generateApiKey } from "@/lib/api-keys/key-format";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { searchAvailability } from "@/lib/availability/search-availability";
import { addDays, dateInTimeZone } from "@/lib/dates/calendar-date";
import { createDb, type Db } from "@/lib/db";
import { seedApiKey, seedProperty } from "@/prisma/factories";
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
    expect(await preparedOnTheConnection(db)).toEqual(["active_api_keys", "availability"]);
  });

  it("answer key lookups made together each with its own key (other properties, repeats, revoked and unknown keys in the same statement)", async () => {
    const [{ property: first }, { property: second }] = [await seedProperty(database().db), await seedProperty(database().db)];
    const firstKey = await seedApiKey(database().db, first.id, "write");
    const secondKey = await seedApiKey(database().db, second.id, "read");
    const revoked = await seedApiKey(database().db, first.id, "read");
    await revokeApiKey(database().db, { keyId: revoked.id, actor: ADMIN_CLI_ACTOR });
    const unknown = generateApiKey().key;
    const db = oneConnection(true);
    const found = await Promise.all([firstKey.key, secondKey.key, revoked.key, unknown, firstKey.key, "not a key"].map((value) => findActiveApiKey(db, value)));
    expect(found.map((key) => key && { id: key.id, propertyId: key.propertyId, property: key.property.id, scope: key.scope })).toEqual([
      { id: firstKey.id, propertyId: first.id, property: first.id, scope: "write" },
      { id: secondKey.id, propertyId: second.id, property: second.id, scope: "read" },
      null,
      null,
      { id: firstKey.id, propertyId: first.id, property: first.id, scope: "write" },
      null,
    ]);
    // Each lookup gets an object of its own, even for the same key.
    expect(found[4]).not.toBe(found[0]);
  });

  it("answer availability searches made together each with its own property's room types, as if made alone", async () => {
    const { property: first, roomTypes: firstTypes } = await seedProperty(database().db, {
      name: "First",
      roomTypes: [
        { name: "Single", maxAdults: 1, rooms: 3, basePrice: 8_000 },
        { name: "Family", maxAdults: 4, rooms: 2, basePrice: 20_000 },
      ],
    });
    const { property: second, roomTypes: secondTypes } = await seedProperty(database().db, { name: "Second", currency: "USD" });
    const checkin = addDays(dateInTimeZone(new Date(), "UTC"), 5);
    const searches = [
      { property: first, query: { checkin, checkout: addDays(checkin, 2), adults: 1 } },
      { property: second, query: { checkin, checkout: addDays(checkin, 3), adults: 2 } },
      { property: first, query: { checkin: addDays(checkin, 1), checkout: addDays(checkin, 2), adults: 3 } },
      { property: second, query: { checkin, checkout: addDays(checkin, 2), adults: 3 } },
    ];
    const db = oneConnection(true);
    const together = await Promise.all(searches.map(({ property, query }) => searchAvailability(db, property, query)));
    const alone = [];
    for (const { property, query } of searches) alone.push(await searchAvailability(db, property, query));
    expect(together).toEqual(alone);
    expect(together.map((view) => view.roomTypes.map((roomType) => roomType.roomTypeId))).toEqual([
      [firstTypes[0]!.id, firstTypes[1]!.id],
      [secondTypes[0]!.id],
      [firstTypes[1]!.id],
      [],
    ]);
    expect(together[1]!.roomTypes[0]!.price).toEqual({ amount: 30_000, currency: "USD" });
  });

  it("cache nothing: a key revoked after a lookup is refused by the next one", async () => {
    const { property } = await seedProperty(database().db);
    const key = await seedApiKey(database().db, property.id, "write");
    const db = oneConnection(true);
    expect((await findActiveApiKey(db, key.key))?.id).toBe(key.id);
    await revokeApiKey(database().db, { keyId: key.id, actor: ADMIN_CLI_ACTOR });
    expect(await findActiveApiKey(db, key.key)).toBeNull();
  });

  it("are sent unnamed with DATABASE_PREPARED_STATEMENTS=off, for poolers that do not track prepared statements", async () => {
    const { property } = await seedProperty(database().db);
    const key = await createApiKey(database().db, { propertyId: property.id, scope: "read", label: "plain", actor: ADMIN_CLI_ACTOR });
    const db = oneConnection(false);
    expect((await findActiveApiKey(db, key.key))?.id).toBe(key.id);
    expect(await preparedOnTheConnection(db)).toEqual([]);
  });
});
