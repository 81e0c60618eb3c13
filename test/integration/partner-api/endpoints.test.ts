import { beforeAll, describe, expect, it } from "vitest";
import { addDays, toDbDate } from "@/lib/dates/calendar-date";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import { updatePropertySettings } from "@/lib/properties/update-property-settings";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { setRates } from "@/lib/rates/set-rates";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";

const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db);
  key = hotel.writeKey!.key;
});

describe("GET /me", () => {
  it("returns the property with today's date there, the key and the plan", async () => {
    const me = await api("GET", "/me", { key });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      mode: "live",
      property: {
        id: hotel.property.id,
        name: "Api Test Hotel",
        timezone: "Europe/Lisbon",
        currency: "EUR",
        today: hotel.today,
        guestEmails: true,
        contact: { email: null, phone: null },
        checkInFrom: "15:00",
        checkOutUntil: "11:00",
        childAgeBands: [{ name: "Child", fromAge: 0, toAge: 17, amount: { amount: 0, currency: "EUR" } }],
      },
      apiKey: { id: hotel.writeKey!.id, hint: hotel.writeKey!.hint, scope: "write", createdAt: hotel.writeKey!.createdAt.toISOString() },
      plan: { name: "starter", rateLimit: { limit: 1200, windowSeconds: 60 } },
    });
    expect(JSON.stringify(me.body)).not.toContain(key);
  });

  it("shows what the hotel set in Settings › Property (name, contact, check-in and check-out times) on the very next request", async () => {
    const other = await partnerFixture(database().db, { name: "Settings Test Hotel" });
    const otherKey = other.writeKey!.key;
    await updatePropertySettings(database().db, {
      propertyId: other.property.id,
      name: "Renamed Test Hotel",
      contactEmail: "desk@renamed.example",
      contactPhone: "+351 21 123 4567",
      checkInFrom: "14:30",
      checkOutUntil: "10:00",
      actor: TEST_ACTOR,
    });
    const me = await api("GET", "/me", { key: otherKey });
    expect(me.status).toBe(200);
    expect(me.body.property).toMatchObject({ name: "Renamed Test Hotel", contact: { email: "desk@renamed.example", phone: "+351 21 123 4567" }, checkInFrom: "14:30", checkOutUntil: "10:00" });
    await updatePropertySettings(database().db, { propertyId: other.property.id, contactPhone: "", actor: TEST_ACTOR });
    expect((await api("GET", "/me", { key: otherKey })).body.property.contact).toEqual({ email: "desk@renamed.example", phone: null });
    await setChildAgeBands(database().db, {
      propertyId: other.property.id,
      bands: [{ name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 }, { name: "Baby", fromAge: 0, toAge: 2, amount: 0 }, { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 }],
      actor: TEST_ACTOR,
    });
    expect((await api("GET", "/me", { key: otherKey })).body.property.childAgeBands, "in age order, amounts as money").toEqual([
      { name: "Baby", fromAge: 0, toAge: 2, amount: { amount: 0, currency: "EUR" } },
      { name: "Child", fromAge: 3, toAge: 11, amount: { amount: 1_500, currency: "EUR" } },
      { name: "Teen", fromAge: 12, toAge: 17, amount: { amount: 2_500, currency: "EUR" } },
    ]);
    // Another property's key sees its own hotel only.
    expect((await api("GET", "/me", { key })).body.property).toMatchObject({ name: "Api Test Hotel", contact: { email: null, phone: null } });
  });
});

describe("GET /room-types and /rates", () => {
  it("lists room types cheapest first and reads one", async () => {
    const list = await api("GET", "/room-types", { key });
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(["Single", "Double"]);
    expect(list.body.data[0]).toMatchObject({ maxAdults: 1, maxChildren: 0, maxOccupancy: 1, adultsIncluded: 1, extraAdult: { amount: 0, currency: "EUR" }, basePrice: { amount: 8000, currency: "EUR" } });
    const one = await api("GET", `/room-types/${hotel.roomTypes[0]!.id}`, { key });
    expect(one.body).toMatchObject({ id: hotel.roomTypes[0]!.id, name: "Double", description: "A double room." });
    expect((await api("GET", "/room-types?page=2", { key })).body.errors).toEqual([{ field: "page", message: "Unknown parameter." }]);
  });

  it("shows who a room type takes and what its rate covers: max children, max occupancy, adults included and the extra adult price", async () => {
    const family = await partnerFixture(database().db, { name: "Family View Hotel", roomTypes: [] });
    const suite = await createRoomType(database().db, {
      propertyId: family.property.id, name: "Family Suite", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3_000, rooms: 1, basePrice: 24_000,
    });
    const expected = {
      id: suite.id, name: "Family Suite", description: "", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2,
      extraAdult: { amount: 3_000, currency: "EUR" }, basePrice: { amount: 24_000, currency: "EUR" },
    };
    const familyKey = family.readKey.key;
    expect((await api("GET", "/room-types", { key: familyKey })).body).toEqual({ data: [expected] });
    expect((await api("GET", `/room-types/${suite.id}`, { key: familyKey })).body).toEqual(expected);
  });

  it("gives the night-by-night calendar, with nights beyond the calendar closed", async () => {
    const { today } = hotel;
    const roomTypeId = hotel.roomTypes[0]!.id;
    await setRates(database().db, { roomTypeId, from: addDays(today, 3), to: addDays(today, 3), closed: true });
    const rates = await api("GET", `/rates?from=${addDays(today, -1)}&to=${addDays(today, 3)}&roomTypeId=${roomTypeId}`, { key });
    expect(rates.status).toBe(200);
    const nights = rates.body.roomTypes[0].nights;
    expect(nights).toHaveLength(5);
    // v1's fields as before; the stay restrictions (issue 22) are additive, here with no restriction set.
    const unrestricted = { minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false };
    // Each plan's price (issue 39) is additive too: none on a night not for sale, the Standard plan's (the night's rate) on one for sale.
    expect(nights[0]).toEqual({ date: addDays(today, -1), amount: null, availableRooms: 0, closed: true, ...unrestricted, plans: [] });
    expect(nights[1]).toEqual({ date: today, amount: 12000, availableRooms: 5, closed: false, ...unrestricted, plans: [{ ratePlanId: expect.stringMatching(/^rp_/), amount: 12000 }] });
    expect(nights[4]).toMatchObject({ closed: true, availableRooms: 0 });
    const far = await api("GET", `/rates?from=${today}&to=${addDays(today, 366)}`, { key });
    expect(far.status).toBe(400);
    expect(far.body.errors[0].field).toBe("to");
  });
});

describe("GET /availability", () => {
  it("lists room types that can take the stay, cheapest first, with the total and each night", async () => {
    const { checkin, checkout } = hotel.stay;
    const result = await api("GET", `/availability?checkin=${checkin}&checkout=${checkout}&adults=1`, { key });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ checkin, checkout, nights: 3, adults: 1 });
    expect(result.body.roomTypes.map((r: { name: string }) => r.name)).toEqual(["Single", "Double"]);
    expect(result.body.roomTypes[0]).toMatchObject({ availableRooms: 3, price: { amount: 24000, currency: "EUR" } });
    expect(result.body.roomTypes[0].nightly).toEqual([
      { date: checkin, amount: 8000 },
      { date: addDays(checkin, 1), amount: 8000 },
      { date: addDays(checkin, 2), amount: 8000 },
    ]);
    const couples = await api("GET", `/availability?checkin=${checkin}&checkout=${checkout}&adults=2`, { key });
    expect(couples.body.roomTypes.map((r: { name: string }) => r.name)).toEqual(["Double"]);
    const crowd = await api("GET", `/availability?checkin=${checkin}&checkout=${checkout}&adults=5`, { key });
    expect(crowd).toMatchObject({ status: 200, body: { roomTypes: [] } });
  });

  it("prices each night on its own date, and leaves out a room type with one night sold out", async () => {
    const [double, single] = [hotel.roomTypes[0]!.id, hotel.roomTypes[1]!.id];
    const checkin = addDays(hotel.today, 50);
    await setRates(database().db, { roomTypeId: single, from: addDays(checkin, 1), to: addDays(checkin, 1), price: 9_100 });
    await setRates(database().db, { roomTypeId: single, from: addDays(checkin, 2), to: addDays(checkin, 2), price: 7_300 });
    const priced = await api("GET", `/availability?checkin=${checkin}&checkout=${addDays(checkin, 3)}&adults=1`, { key });
    const room = priced.body.roomTypes.find((r: { roomTypeId: string }) => r.roomTypeId === single);
    expect(room.nightly).toEqual([
      { date: checkin, amount: 8000 },
      { date: addDays(checkin, 1), amount: 9100 },
      { date: addDays(checkin, 2), amount: 7300 },
    ]);
    expect(room.price).toEqual({ amount: 24_400, currency: "EUR" });

    await database().db.roomNight.updateMany({ where: { roomTypeId: double, date: toDbDate(addDays(checkin, 2)) }, data: { roomsForSale: 0 } });
    const soldOut = await api("GET", `/availability?checkin=${checkin}&checkout=${addDays(checkin, 3)}&adults=1`, { key });
    expect(soldOut.body.roomTypes.map((r: { roomTypeId: string }) => r.roomTypeId)).toEqual([single]);
  });

  it("treats a stay as [checkin, checkout): a closed checkout night does not matter", async () => {
    const roomTypeId = hotel.roomTypes[1]!.id;
    const checkin = addDays(hotel.today, 40);
    await setRates(database().db, { roomTypeId, from: addDays(checkin, 2), to: addDays(checkin, 2), closed: true });
    const until = await api("GET", `/availability?checkin=${checkin}&checkout=${addDays(checkin, 2)}&adults=1`, { key });
    expect(until.body.roomTypes.map((r: { roomTypeId: string }) => r.roomTypeId)).toContain(roomTypeId);
    const over = await api("GET", `/availability?checkin=${checkin}&checkout=${addDays(checkin, 3)}&adults=1`, { key });
    expect(over.body.roomTypes.map((r: { roomTypeId: string }) => r.roomTypeId)).not.toContain(roomTypeId);
  });

  it("says what each bad list parameter must be, in the API's words", async () => {
    const response = await api("GET", "/bookings?updatedSince=yesterday&status=open", { key });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { field: "status", message: "Must be one of: confirmed, cancelled." },
      { field: "updatedSince", message: "Must be an instant in RFC 3339, in UTC, such as 2026-11-22T10:15:00.000Z." },
    ]);
  });

  it("names each invalid parameter", async () => {
    const { today } = hotel;
    const cases: [string, string[]][] = [
      ["", ["checkin", "checkout", "adults"]],
      [`checkin=2026-02-30&checkout=${today}&adults=2`, ["checkin"]],
      [`checkin=${addDays(today, -1)}&checkout=${today}&adults=2`, ["checkin"]],
      [`checkin=${today}&checkout=${today}&adults=2`, ["checkout"]],
      [`checkin=${today}&checkout=${addDays(today, 31)}&adults=2`, ["checkout"]],
      [`checkin=${addDays(today, 731)}&checkout=${addDays(today, 732)}&adults=2`, ["checkin"]],
      [`checkin=${today}&checkout=${addDays(today, 1)}&adults=0`, ["adults"]],
      [`checkin=${today}&checkout=${addDays(today, 1)}&adults=2.5`, ["adults"]],
      [`checkin=${today}&checkout=${addDays(today, 1)}&adults=2&adults=3`, ["adults"]],
      [`checkin=${today}&checkout=${addDays(today, 1)}&adults=2&children=1`, ["children"]],
    ];
    for (const [query, fields] of cases) {
      const response = await api("GET", `/availability?${query}`, { key });
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("validation_failed");
      expect(response.body.errors.map((e: { field: string }) => e.field).sort(), query).toEqual([...fields].sort());
      expect(response.body.detail).toMatch(/^\d+ fields? (is|are) invalid\.$/);
    }
  });
});
