import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/calendar-date";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

/**
 * Families over the partner API (issue 37), on real PostgreSQL through the route handlers:
 * children's ages in availability, bookings and changes, what a party adds to the price, the
 * limit a party breaks, the 400s of bad ages, and Idempotency-Key comparing the children.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
let stays = 0;
const eur = (amount: number) => ({ amount, currency: "EUR" });

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, {
    roomTypes: [
      { name: "Family Suite", description: "Two rooms.", maxAdults: 4, rooms: 5, basePrice: 20_000 },
      { name: "Double", description: "A double room.", maxAdults: 2, rooms: 5, basePrice: 12_000 },
    ],
  });
  key = hotel.writeKey!.key;
  const { db } = database();
  await db.property.update({
    where: { id: hotel.property.id },
    data: { childAgeBands: [{ name: "Baby", fromAge: 0, toAge: 2, amount: 0 }, { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 }, { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 }] },
  });
  await db.roomType.update({ where: { id: hotel.roomTypes[0]!.id }, data: { maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3_000 } });
});

function stay(nights = 2) {
  const checkin = addDays(hotel.today, 20 + 4 * stays++);
  return { checkin, checkout: addDays(checkin, nights) };
}

describe("GET /availability with childrenAges", () => {
  it("lists only the room types the party fits, priced for it, and repeats the ages", async () => {
    const { checkin, checkout } = stay();
    const found = await api("GET", `/availability?checkin=${checkin}&checkout=${checkout}&adults=2&childrenAges=4,9`, { key });
    expect(found.status, found.text).toBe(200);
    expect(found.body.childrenAges).toEqual([4, 9]);
    expect(found.body.roomTypes.map((roomType: { name: string }) => roomType.name)).toEqual(["Family Suite"]);
    const [suite] = found.body.roomTypes;
    expect(suite).toMatchObject({ maxAdults: 4, maxChildren: 3, maxOccupancy: 5, extras: [{ kind: "child", band: "Child", count: 2, amount: eur(1_500) }] });
    expect(suite.nightly.map((night: { amount: number }) => night.amount)).toEqual([23_000, 23_000]);
    expect(suite.offers[0]).toMatchObject({ price: eur(46_000), extras: suite.extras });
  });

  it("without children answers as before: every room type for the adults, childrenAges [] and no extras", async () => {
    const { checkin, checkout } = stay();
    const found = await api("GET", `/availability?checkin=${checkin}&checkout=${checkout}&adults=2`, { key });
    expect(found.status).toBe(200);
    expect(found.body.childrenAges).toEqual([]);
    expect(found.body.roomTypes.map((roomType: { name: string; price: { amount: number }; extras: unknown[] }) => [roomType.name, roomType.price.amount, roomType.extras])).toEqual([
      ["Double", 24_000, []],
      ["Family Suite", 40_000, []],
    ]);
  });

  it("refuses bad ages with one error per field: not numbers, over 17, more than 10, more than 20 guests", async () => {
    const { checkin, checkout } = stay();
    const query = (rest: string) => api("GET", `/availability?checkin=${checkin}&checkout=${checkout}&${rest}`, { key });
    for (const [rest, message] of [
      ["adults=2&childrenAges=4,x", "Must be the children's ages separated by commas, such as 4,9."],
      ["adults=2&childrenAges=4,18", "Must be at most 17: a guest of 18 or more is an adult."],
      ["adults=2&childrenAges=1,1,1,1,1,1,1,1,1,1,1", "At most 10 children."],
      ["adults=15&childrenAges=1,2,3,4,5,6", "Adults and children together must be at most 20."],
    ] as const) {
      const refused = await query(rest);
      expect(refused.status, rest).toBe(400);
      expect(refused.body.code).toBe("validation_failed");
      expect(refused.body.errors.map((error: { message: string }) => error.message).join(" | "), rest).toContain(message);
      expect(refused.body.errors.every((error: { field: string }) => error.field.startsWith("childrenAges")), rest).toBe(true);
    }
  });
});

describe("POST /bookings with childrenAges", () => {
  it("books the family, priced for the party, and shows its children and extras", async () => {
    const made = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...stay(), adults: 3, childrenAges: [1, 13], guest: GUEST } });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ adults: 3, childrenAges: [1, 13], price: eur(2 * (20_000 + 3_000 + 0 + 2_500)) });
    expect(made.body.extras).toEqual([
      { kind: "adult", count: 1, amount: eur(3_000) },
      { kind: "child", band: "Baby", count: 1, amount: eur(0) },
      { kind: "child", band: "Teen", count: 1, amount: eur(2_500) },
    ]);
    const read = await api("GET", `/bookings/${made.body.id}`, { key });
    expect(read.body).toEqual(made.body);
  });

  it("refuses a party that does not fit with 422 occupancy_exceeded naming the limit", async () => {
    const dates = stay();
    const cases = [
      { roomType: 1, adults: 3, childrenAges: [], detail: "Double takes at most 2 adult(s); 3 requested.", limit: { name: "maxAdults", value: 2 } },
      { roomType: 1, adults: 2, childrenAges: [5], detail: "Double takes no children; 1 requested.", limit: { name: "maxChildren", value: 0 } },
      { roomType: 0, adults: 1, childrenAges: [1, 2, 3, 4], detail: "Family Suite takes at most 3 child(ren); 4 requested.", limit: { name: "maxChildren", value: 3 } },
      { roomType: 0, adults: 3, childrenAges: [1, 2, 3], detail: "Family Suite takes at most 5 guests in all, adults and children; 6 requested.", limit: { name: "maxOccupancy", value: 5 } },
    ];
    for (const { roomType, adults, childrenAges, detail, limit } of cases) {
      const refused = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[roomType]!.id, ...dates, adults, childrenAges, guest: GUEST } });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body).toMatchObject({ code: "occupancy_exceeded", detail, limit });
    }
  });

  it("refuses ages that are not whole numbers from 0 to 17, and more than 10 children, field by field", async () => {
    const refused = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...stay(), adults: 2, childrenAges: [4, 18, 2.5, -1], guest: GUEST } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: "childrenAges.1", message: "Must be at most 17: a guest of 18 or more is an adult." },
      { field: "childrenAges.2", message: "Must be a whole number." },
      { field: "childrenAges.3", message: "Must be at least 0." },
    ]);
    const many = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...stay(), adults: 2, childrenAges: Array.from({ length: 11 }, () => 5), guest: GUEST } });
    expect(many.body.errors).toEqual([{ field: "childrenAges", message: "At most 10 children." }]);
  });

  it("compares the children like any field under one Idempotency-Key; no children is childrenAges []", async () => {
    const body = { roomTypeId: hotel.roomTypes[0]!.id, ...stay(), adults: 2, guest: GUEST };
    const headers = { "idempotency-key": "family-key-1" };
    const first = await api("POST", "/bookings", { key, body, headers });
    expect(first.status).toBe(201);
    const same = await api("POST", "/bookings", { key, body: { ...body, childrenAges: [] }, headers });
    expect(same.status).toBe(201);
    expect(same.body.id).toBe(first.body.id);
    const other = await api("POST", "/bookings", { key, body: { ...body, childrenAges: [4] }, headers });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
  });
});

describe("PATCH /bookings/{id} with childrenAges", () => {
  it("prices the new party for every night, guarded by expectedPrice, and booking.changed names the old children", async () => {
    const made = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...stay(), adults: 2, childrenAges: [4], guest: GUEST } });
    expect(made.body.price).toEqual(eur(2 * 21_500));
    const change = { adults: 3, childrenAges: [4, 9] };
    const quote = await api("PATCH", `/bookings/${made.body.id}?dryRun=true`, { key, body: change });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body.price).toEqual(eur(2 * (20_000 + 3_000 + 1_500 + 1_500)));
    const stale = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { ...change, expectedPrice: made.body.price } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("price_changed");
    const changed = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { ...change, expectedPrice: quote.body.price } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ adults: 3, childrenAges: [4, 9], price: quote.body.price });
    const event = await database().db.event.findFirstOrThrow({ where: { type: "booking.changed", bookingId: made.body.id } });
    const data = event.data as { previous: Record<string, unknown> };
    expect(data.previous).toMatchObject({ adults: 2, childrenAges: [4], price: made.body.price, extras: made.body.extras });
  });

  it("keeps the booked nights' amounts while the party adds the same a night (fewer adults than included, a baby at 0); prices them again when it does not", async () => {
    const made = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...stay(), adults: 2, guest: GUEST } });
    await database().db.roomNight.updateMany({ where: { roomTypeId: hotel.roomTypes[0]!.id }, data: { price: 99_000 } });
    try {
      const fewer = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { adults: 1 } });
      expect(fewer.status, fewer.text).toBe(200);
      expect(fewer.body.price).toEqual(made.body.price);
      const baby = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { childrenAges: [1] } });
      expect(baby.status, baby.text).toBe(200);
      expect(baby.body.price).toEqual(made.body.price);
      expect(baby.body.extras).toEqual([{ kind: "child", band: "Baby", count: 1, amount: eur(0) }]);
      const teen = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { childrenAges: [1, 13] } });
      expect(teen.status, teen.text).toBe(200);
      expect(teen.body.nightly.map((night: { amount: number }) => night.amount)).toEqual([101_500, 101_500]);
    } finally {
      await database().db.roomNight.updateMany({ where: { roomTypeId: hotel.roomTypes[0]!.id }, data: { price: 20_000 } });
    }
  });

  it("refuses children a room type does not take, and ages out of range", async () => {
    const made = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[1]!.id, ...stay(), adults: 2, guest: GUEST } });
    const refused = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { childrenAges: [3] } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "occupancy_exceeded", limit: { name: "maxChildren", value: 0 } });
    const bad = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { childrenAges: [30] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "childrenAges.0", message: "Must be at most 17: a guest of 18 or more is an adult." }]);
  });
});
