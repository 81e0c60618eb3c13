import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { addDays } from "@/lib/dates/calendar-date";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { isWellFormedApiKey } from "@/lib/api-keys/key-format";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import { updateRoomType } from "@/lib/room-types/update-room-type";
import { openTestTwin, resetTestData } from "@/lib/test-mode/test-twin";
import { setupTestDatabase } from "../support/database";
import { api, useDatabaseForRoutes } from "../support/partner-api";
import { GUEST, partnerFixture } from "../support/partner-fixtures";

/**
 * Test mode (issue 23) on real PostgreSQL, through the partner API's handlers: a property's test
 * twin with its own inventory, test keys, isolation both ways, the same booking guarantees, the
 * test clock and a reset.
 */
const database = setupTestDatabase();

async function hotelWithTwin(name: string, rooms = 5) {
  const hotel = await partnerFixture(database().db, {
    name,
    plan: "pro",
    roomTypes: [
      { name: "Double", description: "A double room.", maxAdults: 2, rooms, basePrice: 12_000 },
      { name: "Single", description: "A single room.", maxAdults: 1, rooms: 3, basePrice: 8_000 },
    ],
  });
  const twin = await openTestTwin(database().db, hotel.property.id);
  const testWrite = await createApiKey(database().db, { propertyId: twin.id, scope: "write", label: "Test write", actor: TEST_ACTOR });
  const testRead = await createApiKey(database().db, { propertyId: twin.id, scope: "read", label: "Test read", actor: TEST_ACTOR });
  return { ...hotel, twin, testWrite: testWrite.key, testRead: testRead.key, liveWrite: hotel.writeKey!.key, liveRead: hotel.readKey.key };
}

const book = (key: string, roomTypeId: string, stay: { checkin: string; checkout: string }, email = GUEST.email) =>
  api("POST", "/bookings", { key, body: { roomTypeId, ...stay, adults: 1, guest: { ...GUEST, email } } });

beforeAll(() => useDatabaseForRoutes(database().url));

describe("the test twin", () => {
  it("is made once, with a copy of the live room types, nights (rates and restrictions) and plans under ids of its own", async () => {
    const hotel = await partnerFixture(database().db, { name: "Copy Hotel", plan: "pro" });
    await setRates(database().db, { roomTypeId: hotel.roomTypes[0]!.id, from: hotel.stay.checkin, to: hotel.stay.checkin, price: 15_500, minStay: 2 });
    const flexible = await createRatePlan(database().db, {
      propertyId: hotel.property.id,
      actor: TEST_ACTOR,
      name: "Flexible",
      priceRule: { percent: 15 },
      cancellationPolicy: { type: "free_until", daysBefore: 2, fee: "first_night" },
      roomTypeIds: [hotel.roomTypes[0]!.id],
    });
    // Opened by two staff members at once: one twin.
    const [twin, again] = await Promise.all([openTestTwin(database().db, hotel.property.id), openTestTwin(database().db, hotel.property.id)]);
    expect(again.id).toBe(twin.id);
    expect(twin).toMatchObject({ livePropertyId: hotel.property.id, slug: `${hotel.property.slug}~test`, name: "Copy Hotel", plan: "pro" });

    const key = (await createApiKey(database().db, { propertyId: twin.id, scope: "read", label: "Test", actor: TEST_ACTOR })).key;
    const testTypes = (await api("GET", "/room-types", { key })).body.data as { id: string; name: string }[];
    expect(testTypes.map((t) => t.name).sort()).toEqual(hotel.roomTypes.map((t) => t.name).sort());
    expect(testTypes.some((t) => hotel.roomTypes.some((live) => live.id === t.id))).toBe(false);
    const testDouble = testTypes.find((t) => t.name === hotel.roomTypes[0]!.name)!;
    const rates = await api("GET", `/rates?roomTypeId=${testDouble.id}&from=${hotel.stay.checkin}&to=${hotel.stay.checkin}`, { key });
    expect(rates.status, rates.text).toBe(200);
    expect(rates.body.roomTypes.find((t: { roomTypeId: string }) => t.roomTypeId === testDouble.id).nights[0]).toMatchObject({ amount: 15_500, minStay: 2 });
    const plans = (await api("GET", "/rate-plans", { key })).body.data as { id: string; name: string; roomTypeIds: string[] }[];
    const copied = plans.find((plan) => plan.name === "Flexible")!;
    expect(copied.id).not.toBe(flexible.id);
    expect(copied.roomTypeIds).toEqual([testDouble.id]);
  });

  it("copies the children's age bands and each room type's occupancy and extra adult price; a live change reaches it with a reset", async () => {
    const db = database().db;
    const hotel = await partnerFixture(db, {
      name: "Family Copy Hotel",
      plan: "pro",
      roomTypes: [{ name: "Family Suite", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3_000, rooms: 2, basePrice: 24_000 }],
    });
    const bands = [
      { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
      { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
      { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
    ];
    await setChildAgeBands(db, { propertyId: hotel.property.id, bands, actor: TEST_ACTOR });
    const twin = await openTestTwin(db, hotel.property.id);
    const key = (await createApiKey(db, { propertyId: twin.id, scope: "read", label: "Test", actor: TEST_ACTOR })).key;
    const seen = async () => ({ me: (await api("GET", "/me", { key })).body.property.childAgeBands, suite: (await api("GET", "/room-types", { key })).body.data[0] });
    const money = (amount: number) => ({ amount, currency: "EUR" });
    expect(await seen()).toMatchObject({
      me: bands.map((band) => ({ ...band, amount: money(band.amount) })),
      suite: { name: "Family Suite", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: money(3_000) },
    });

    // Live changes reach the twin only with a reset, as rates do.
    await setChildAgeBands(db, { propertyId: hotel.property.id, bands: [{ name: "Child", fromAge: 0, toAge: 17, amount: 1_000 }], actor: TEST_ACTOR });
    await updateRoomType(db, { id: hotel.roomTypes[0]!.id, maxChildren: 2, extraAdult: 2_000, actor: TEST_ACTOR });
    expect((await seen()).me).toHaveLength(3);
    await resetTestData(db, { livePropertyId: hotel.property.id, actor: TEST_ACTOR });
    expect(await seen()).toMatchObject({ me: [{ name: "Child", fromAge: 0, toAge: 17, amount: money(1_000) }], suite: { maxChildren: 2, maxOccupancy: 5, adultsIncluded: 2, extraAdult: money(2_000) } });
  });

  it("has test keys: rbp_test_ with the live keys' body and checksum, mode test on /me; a live key says live", async () => {
    const hotel = await hotelWithTwin("Keys Hotel");
    expect(hotel.testWrite).toMatch(/^rbp_test_[0-9A-Za-z]{38}$/);
    expect(hotel.liveWrite).toMatch(/^rbp_[0-9A-Za-z]{38}$/);
    expect(isWellFormedApiKey(hotel.testWrite)).toBe(true);
    // A mistyped test key fails its checksum like a live one.
    expect(isWellFormedApiKey(hotel.testWrite.slice(0, -1) + (hotel.testWrite.endsWith("A") ? "B" : "A"))).toBe(false);
    const testMe = await api("GET", "/me", { key: hotel.testRead });
    expect(testMe.body).toMatchObject({ mode: "test", property: { name: "Keys Hotel", today: hotel.today }, apiKey: { hint: expect.stringMatching(/^rbp_test_/) } });
    expect((await api("GET", "/me", { key: hotel.liveRead })).body.mode).toBe("live");
  });
});

describe("isolation", () => {
  it("a test key never sees a live booking, room type or event, a live key never a test one; ids of one mode are 404 in the other", async () => {
    const hotel = await hotelWithTwin("Isolation Hotel");
    const testTypes = (await api("GET", "/room-types", { key: hotel.testRead })).body.data as { id: string }[];
    const live = await book(hotel.liveWrite, hotel.roomTypes[0]!.id, hotel.stay, "live@guest.test");
    const test = await book(hotel.testWrite, testTypes[0]!.id, hotel.stay, "test@guest.test");
    expect(live.status, live.text).toBe(201);
    expect(test.status, test.text).toBe(201);
    expect(test.body.reference).toMatch(/^TEST-IH-[A-Z2-9]{6}$/);
    expect(live.body.reference).toMatch(/^IH-[A-Z2-9]{6}$/);

    const testList = (await api("GET", "/bookings", { key: hotel.testRead })).body.data as { id: string }[];
    const liveList = (await api("GET", "/bookings", { key: hotel.liveRead })).body.data as { id: string }[];
    expect(testList.map((b) => b.id)).toEqual([test.body.id]);
    expect(liveList.map((b) => b.id)).toEqual([live.body.id]);
    expect((await api("GET", `/bookings/${live.body.id}`, { key: hotel.testRead })).status).toBe(404);
    expect((await api("GET", `/bookings/${test.body.id}`, { key: hotel.liveRead })).status).toBe(404);
    expect((await api("POST", `/bookings/${live.body.id}/cancel`, { key: hotel.testWrite, body: {} })).status).toBe(404);
    expect((await api("GET", `/room-types/${hotel.roomTypes[0]!.id}`, { key: hotel.testRead })).status).toBe(404);
    expect((await api("GET", `/room-types/${testTypes[0]!.id}`, { key: hotel.liveRead })).status).toBe(404);
    // A live room type cannot be booked with a test key.
    expect((await book(hotel.testWrite, hotel.roomTypes[0]!.id, hotel.stay)).body.code).toBe("unknown_room_type");

    // Availability, rates and plans: each mode its own ids only.
    const stayQuery = `checkin=${hotel.stay.checkin}&checkout=${hotel.stay.checkout}&adults=1`;
    const idsIn = (body: { roomTypes: { roomTypeId: string }[] }) => body.roomTypes.map((t) => t.roomTypeId).sort();
    expect(idsIn((await api("GET", `/availability?${stayQuery}`, { key: hotel.testRead })).body)).toEqual(testTypes.map((t) => t.id).sort());
    expect(idsIn((await api("GET", `/availability?${stayQuery}`, { key: hotel.liveRead })).body)).toEqual(hotel.roomTypes.map((t) => t.id).sort());
    const ratesQuery = `from=${hotel.stay.checkin}&to=${hotel.stay.checkin}`;
    expect(idsIn((await api("GET", `/rates?${ratesQuery}`, { key: hotel.testRead })).body)).toEqual(testTypes.map((t) => t.id).sort());
    expect((await api("GET", `/rates?${ratesQuery}&roomTypeId=${hotel.roomTypes[0]!.id}`, { key: hotel.testRead })).status).not.toBe(200);
    const planIds = async (key: string) => ((await api("GET", "/rate-plans", { key })).body.data as { id: string }[]).map((plan) => plan.id);
    const [testPlans, livePlans] = [await planIds(hotel.testRead), await planIds(hotel.liveRead)];
    expect(testPlans.filter((id) => livePlans.includes(id))).toEqual([]);
    expect((await book(hotel.testWrite, testTypes[0]!.id, hotel.stay)).status).toBe(201);
    const withLivePlan = await api("POST", "/bookings", { key: hotel.testWrite, body: { roomTypeId: testTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST, ratePlanId: livePlans[0] } });
    expect(withLivePlan.body.code).toBe("unknown_rate_plan");

    const testEvents = (await api("GET", "/events", { key: hotel.testRead })).body.data as { mode: string; data: { booking: { id: string } } }[];
    const liveEvents = (await api("GET", "/events", { key: hotel.liveRead })).body.data as { mode: string; data: { booking: { id: string } } }[];
    expect(testEvents.map((e) => e.mode)).toEqual(["test", "test"]);
    expect(testEvents[0]!.data.booking.id).toBe(test.body.id);
    expect(liveEvents.map((e) => [e.mode, e.data.booking.id])).toEqual([["live", live.body.id]]);
  });

  it("30 parallel test bookings for the last 3 test rooms: exactly 3, and live availability unchanged", async () => {
    const hotel = await hotelWithTwin("Race Hotel", 3);
    const testDouble = ((await api("GET", "/room-types", { key: hotel.testRead })).body.data as { id: string; name: string }[]).find((t) => t.name === "Double")!;
    const query = `/availability?checkin=${hotel.stay.checkin}&checkout=${hotel.stay.checkout}&adults=1`;
    const liveBefore = (await api("GET", query, { key: hotel.liveRead })).body;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => book(hotel.testWrite, testDouble.id, hotel.stay, `guest${i}@race.test`)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array.from({ length: 3 }, () => 201), ...Array.from({ length: 27 }, () => 409)]);
    const made = answers.flatMap((a, i) => (a.status === 201 ? [{ body: a.body, email: `guest${i}@race.test` }] : []));
    for (const { body, email } of made) {
      expect(body).toMatchObject({ status: "confirmed", source: "api", roomTypeId: testDouble.id, ...hotel.stay, adults: 1, guest: { ...GUEST, email } });
      expect(body.reference).toMatch(/^TEST-/);
    }
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.body).toEqual({
        type: "/docs/errors#no_availability",
        title: "Conflict",
        status: 409,
        detail: `Double is not available on the night of ${hotel.stay.checkin}: sold out.`,
        code: "no_availability",
        requestId: refused.headers.get("x-request-id"),
        night: hotel.stay.checkin,
      });
    }
    // The twin holds exactly the 3 bookings answered 201.
    const stored = await database().db.booking.findMany({ where: { propertyId: hotel.twin.id }, select: { id: true } });
    expect(stored.map((b) => b.id).sort()).toEqual(made.map(({ body }) => body.id).sort());
    expect((await api("GET", query, { key: hotel.liveRead })).body).toEqual(liveBefore);
    const testAfter = (await api("GET", query, { key: hotel.testRead })).body.roomTypes as { name: string }[];
    expect(testAfter.map((t) => t.name)).toEqual(["Single"]);
  });
});

describe("the test clock", () => {
  it("moves the twin's today for every rule (availability, cancellation fees, booking_not_cancellable) and back; a live key cannot", async () => {
    const hotel = await hotelWithTwin("Clock Hotel");
    const double = ((await api("GET", "/room-types", { key: hotel.testRead })).body.data as { id: string; name: string }[]).find((t) => t.name === "Double")!;
    const flexible = await createRatePlan(database().db, {
      propertyId: hotel.twin.id,
      actor: TEST_ACTOR,
      name: "Flexible",
      priceRule: { percent: 10 },
      cancellationPolicy: { type: "free_until", daysBefore: 2, fee: "first_night" },
    });
    const withFee = await api("POST", "/bookings", { key: hotel.testWrite, body: { roomTypeId: double.id, ...hotel.stay, adults: 1, guest: GUEST, ratePlanId: flexible.id } });
    const standard = await book(hotel.testWrite, double.id, hotel.stay);
    expect(withFee.body.cancellation).toMatchObject({ refundable: true, freeUntil: addDays(hotel.stay.checkin, -2) });

    // The day before check-in: past the free days, so cancelling costs the first night.
    const dayBefore = addDays(hotel.stay.checkin, -1);
    const moved = await api("PUT", "/test-clock", { key: hotel.testWrite, body: { today: dayBefore } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({ today: dayBefore, realToday: hotel.today, moved: true });
    expect((await api("GET", "/me", { key: hotel.testRead })).body.property.today).toBe(dayBefore);
    const cancelled = await api("POST", `/bookings/${withFee.body.id}/cancel`, { key: hotel.testWrite, body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.cancellationFee).toEqual({ amount: withFee.body.nightly[0].amount, currency: "EUR" });

    // The day after check-in: the stay has begun at the twin, so it cannot be cancelled or searched.
    await api("PUT", "/test-clock", { key: hotel.testWrite, body: { today: addDays(hotel.stay.checkin, 1) } });
    const late = await api("POST", `/bookings/${standard.body.id}/cancel`, { key: hotel.testWrite, body: {} });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("booking_not_cancellable");
    const past = await api("GET", `/availability?checkin=${hotel.stay.checkin}&checkout=${hotel.stay.checkout}&adults=1`, { key: hotel.testRead });
    expect(past.body.errors).toEqual([{ field: "checkin", message: `Must be today at the property (${addDays(hotel.stay.checkin, 1)}) or later.` }]);
    // Live keeps the real date.
    expect((await api("GET", "/me", { key: hotel.liveRead })).body.property.today).toBe(hotel.today);

    const back = await api("DELETE", "/test-clock", { key: hotel.testWrite });
    expect(back.body).toEqual({ today: hotel.today, realToday: hotel.today, moved: false });
    expect((await api("POST", `/bookings/${standard.body.id}/cancel`, { key: hotel.testWrite, body: {} })).status).toBe(200);
    expect((await api("PUT", "/test-clock", { key: hotel.testWrite, body: { today: addDays(hotel.today, -1) } })).body.code).toBe("validation_failed");
    expect((await api("PUT", "/test-clock", { key: hotel.testWrite, body: { today: addDays(hotel.today, 731) } })).body.code).toBe("validation_failed");
    const live = await api("PUT", "/test-clock", { key: hotel.liveWrite, body: { today: addDays(hotel.today, 3) } });
    expect(live.status).toBe(400);
    expect(live.body.code).toBe("invalid_request");
  });
});

describe("reset test data", () => {
  it("deletes the twin's bookings and events, copies live inventory again, keeps test keys; live untouched", async () => {
    const hotel = await hotelWithTwin("Reset Hotel");
    const testTypes = (await api("GET", "/room-types", { key: hotel.testRead })).body.data as { id: string }[];
    expect((await book(hotel.testWrite, testTypes[0]!.id, hotel.stay)).status).toBe(201);
    expect((await book(hotel.liveWrite, hotel.roomTypes[0]!.id, hotel.stay)).status).toBe(201);
    // A live change reaches the twin only with a reset.
    await setRates(database().db, { roomTypeId: hotel.roomTypes[0]!.id, from: hotel.stay.checkin, to: hotel.stay.checkin, price: 19_900 });
    const rateOf = async () => {
      const double = ((await api("GET", "/room-types", { key: hotel.testRead })).body.data as { id: string; name: string }[]).find((t) => t.name === "Double")!;
      const rates = await api("GET", `/rates?roomTypeId=${double.id}&from=${hotel.stay.checkin}&to=${hotel.stay.checkin}`, { key: hotel.testRead });
      return rates.body.roomTypes[0].nights[0].amount;
    };
    expect(await rateOf()).toBe(12_000);

    expect(await resetTestData(database().db, { livePropertyId: hotel.property.id, actor: TEST_ACTOR })).toEqual({ bookingsDeleted: 1 });
    expect(await rateOf()).toBe(19_900);
    expect((await api("GET", "/bookings", { key: hotel.testRead })).body.data).toEqual([]);
    expect((await api("GET", "/events", { key: hotel.testRead })).body.data).toEqual([]);
    expect((await api("GET", "/bookings", { key: hotel.liveRead })).body.data).toHaveLength(1);
    const audit = await database().db.auditEvent.findMany({ where: { propertyId: hotel.twin.id, action: "test_data_reset" } });
    expect(audit.map((a) => a.details)).toEqual([{ bookingsDeleted: 1 }]);
  });
});
