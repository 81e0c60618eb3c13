import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/calendar-date";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { checkInvariants } from "@/lib/integrity/check-invariants";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

/**
 * Booking groups over the partner API (issue 38), on real PostgreSQL through the route handlers:
 * several rooms with their own parties booked at once or not at all, the refused room named,
 * the group read, listed by groupId, replayed for its Idempotency-Key, cancelled room by room
 * and whole, and each room's events.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
let suiteId: string;
let doubleId: string;
let stays = 0;
const eur = (amount: number) => ({ amount, currency: "EUR" });
const GRANDMA = { firstName: "Maria", lastName: "Silva", email: "maria.silva@example.com" };

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, {
    roomTypes: [
      { name: "Family Suite", description: "Two rooms.", maxAdults: 4, rooms: 3, basePrice: 20_000 },
      { name: "Double", description: "A double room.", maxAdults: 2, rooms: 2, basePrice: 12_000 },
    ],
  });
  key = hotel.writeKey!.key;
  const { db } = database();
  await db.property.update({ where: { id: hotel.property.id }, data: { childAgeBands: [{ name: "Child", fromAge: 0, toAge: 17, amount: 1_500 }] } });
  suiteId = hotel.roomTypes[0]!.id;
  doubleId = hotel.roomTypes[1]!.id;
  await db.roomType.update({ where: { id: suiteId }, data: { maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2 } });
});

function stay(nights = 2) {
  const checkin = addDays(hotel.today, 20 + 4 * stays++);
  return { checkin, checkout: addDays(checkin, nights) };
}

function familyGroup(dates: { checkin: string; checkout: string }, extra: Record<string, unknown> = {}) {
  return {
    booker: GUEST,
    rooms: [
      { roomTypeId: suiteId, adults: 2, childrenAges: [4, 9] },
      { roomTypeId: doubleId, adults: 1, guest: GRANDMA },
    ],
    ...dates,
    externalReference: "PX-GROUP-1",
    ...extra,
  };
}

async function freeRooms(roomTypeId: string, date: string): Promise<number> {
  const night = await database().db.roomNight.findUniqueOrThrow({ where: { roomTypeId_date: { roomTypeId, date: new Date(`${date}T00:00:00Z`) } } });
  return night.roomsForSale - night.roomsSold;
}

describe("POST /booking-groups", () => {
  it("books every room with its own party, plan and guest, and answers the group with each room's full booking", async () => {
    const dates = stay();
    const made = await api("POST", "/booking-groups", { key, body: familyGroup(dates), headers: { "Idempotency-Key": "family-1" } });
    expect(made.status, made.text).toBe(201);
    const group = made.body;
    expect(group.id).toMatch(/^grp_/);
    expect(made.headers.get("location")).toBe(`/partner/v1/booking-groups/${group.id}`);
    expect(group).toMatchObject({ status: "confirmed", externalReference: "PX-GROUP-1", booker: GUEST, ...dates, nights: 2, cancellationFee: null });
    const [suite, double] = group.bookings;
    expect(suite).toMatchObject({ groupId: group.id, roomTypeId: suiteId, adults: 2, childrenAges: [4, 9], guest: GUEST, price: eur(2 * 23_000), externalReference: "PX-GROUP-1" });
    expect(suite.extras).toEqual([{ kind: "child", band: "Child", count: 2, amount: eur(1_500) }]);
    expect(double).toMatchObject({ groupId: group.id, roomTypeId: doubleId, adults: 1, childrenAges: [], guest: GRANDMA, price: eur(24_000) });
    expect(suite.reference).not.toBe(double.reference);
    expect(group.price.total).toEqual(eur(46_000 + 24_000));
    expect(await freeRooms(suiteId, dates.checkin)).toBe(2);
    expect(await freeRooms(doubleId, dates.checkin)).toBe(1);

    // Each room is a booking like any other; the group reads back as it was answered.
    const alone = await api("GET", `/bookings/${double.id}`, { key });
    expect(alone.body).toEqual(double);
    const read = await api("GET", `/booking-groups/${group.id}`, { key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(group);
    const listed = await api("GET", `/bookings?groupId=${group.id}`, { key });
    expect(listed.body.data.map((booking: { id: string }) => booking.id).sort()).toEqual([suite.id, double.id].sort());
    const single = await api("POST", "/bookings", { key, body: { roomTypeId: doubleId, ...stay(), adults: 1, guest: GUEST } });
    expect(single.body.groupId).toBeNull();

    // One booking.created per room, carrying the group.
    const events = await database().db.event.findMany({ where: { bookingId: { in: [suite.id, double.id] } } });
    expect(events.map((event) => [event.type, (event.data as { booking: { groupId: string } }).booking.groupId])).toEqual([
      ["booking.created", group.id],
      ["booking.created", group.id],
    ]);
  });

  it("replays the group for the same Idempotency-Key and body, and refuses another body or a key a booking used", async () => {
    const dates = stay();
    const first = await api("POST", "/booking-groups", { key, body: familyGroup(dates), headers: { "Idempotency-Key": "family-2" } });
    expect(first.status).toBe(201);
    const again = await api("POST", "/booking-groups", { key, body: familyGroup(dates), headers: { "Idempotency-Key": "family-2" } });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const other = await api("POST", "/booking-groups", { key, body: familyGroup(dates, { externalReference: "PX-OTHER" }), headers: { "Idempotency-Key": "family-2" } });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    const asBooking = await api("POST", "/bookings", { key, body: { roomTypeId: doubleId, ...dates, adults: 1, guest: GUEST }, headers: { "Idempotency-Key": "family-2" } });
    expect(asBooking.status).toBe(422);
    expect(asBooking.body.code).toBe("idempotency_key_reused");
    await api("POST", "/bookings", { key, body: { roomTypeId: doubleId, ...stay(), adults: 1, guest: GUEST }, headers: { "Idempotency-Key": "single-1" } });
    const groupWithBookingKey = await api("POST", "/booking-groups", { key, body: familyGroup(stay()), headers: { "Idempotency-Key": "single-1" } });
    expect(groupWithBookingKey.status).toBe(422);
    expect(groupWithBookingKey.body.code).toBe("idempotency_key_reused");
  });

  it("books nothing when its last room cannot be had, names that room and night, and holds nothing", async () => {
    const dates = stay();
    const body = { booker: GUEST, rooms: [{ roomTypeId: suiteId, adults: 2 }, { roomTypeId: doubleId, adults: 2 }, { roomTypeId: doubleId, adults: 2 }, { roomTypeId: doubleId, adults: 1 }], ...dates };
    const refused = await api("POST", "/booking-groups", { key, body });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ code: "no_availability", room: 3, night: dates.checkin });
    expect(refused.body.detail).toMatch(/^Room 4 \(rooms\[3\]\): Double is not available on the night of/);
    expect(await freeRooms(suiteId, dates.checkin)).toBe(3);
    expect(await freeRooms(doubleId, dates.checkin)).toBe(2);
    expect(await database().db.booking.count({ where: { propertyId: hotel.property.id, checkin: new Date(`${dates.checkin}T00:00:00Z`) } })).toBe(0);
    const check = await checkInvariants(database().db);
    expect(check.violations).toEqual([]);
  });

  it("names the room whose party does not fit, and rejects fewer than 2 or more than 10 rooms field by field", async () => {
    const dates = stay();
    const tooMany = await api("POST", "/booking-groups", { key, body: { booker: GUEST, rooms: [{ roomTypeId: suiteId, adults: 2 }, { roomTypeId: doubleId, adults: 2, childrenAges: [3, 5] }], ...dates } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ code: "occupancy_exceeded", room: 1, limit: { name: "maxChildren", value: 0 } });
    const one = await api("POST", "/booking-groups", { key, body: { booker: GUEST, rooms: [{ roomTypeId: suiteId, adults: 2 }], ...dates } });
    expect(one.status).toBe(400);
    expect(one.body.errors).toEqual([{ field: "rooms", message: expect.stringMatching(/at least 2 rooms/) }]);
    const eleven = await api("POST", "/booking-groups", { key, body: { booker: GUEST, rooms: Array.from({ length: 11 }, () => ({ roomTypeId: suiteId, adults: 1 })), ...dates } });
    expect(eleven.status).toBe(400);
    const crowd = await api("POST", "/booking-groups", { key, body: { booker: GUEST, rooms: [{ roomTypeId: suiteId, adults: 1 }, { roomTypeId: suiteId, adults: 15, childrenAges: [1, 2, 3, 4, 5, 6] }], ...dates } });
    expect(crowd.status).toBe(400);
    expect(crowd.body.errors).toEqual([{ field: "rooms.1.childrenAges", message: expect.stringMatching(/at most 20/) }]);
  });
});

describe("cancelling", () => {
  it("one room alone leaves the group partly cancelled; the group's cancel cancels the rest, each under its own terms, and again changes nothing", async () => {
    const dates = stay();
    const group = (await api("POST", "/booking-groups", { key, body: familyGroup(dates) })).body;
    const [suite, double] = group.bookings;
    const alone = await api("POST", `/bookings/${double.id}/cancel`, { key });
    expect(alone.status).toBe(200);
    const partly = await api("GET", `/booking-groups/${group.id}`, { key });
    expect(partly.body).toMatchObject({ status: "partly_cancelled", cancellationFee: eur(0) });

    const cancelled = await api("POST", `/booking-groups/${group.id}/cancel`, { key, body: { reason: "Trip postponed" } });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancellationFee: eur(0) });
    expect(cancelled.body.bookings.map((booking: { status: string; cancellationReason: string | null }) => [booking.status, booking.cancellationReason])).toEqual([
      ["cancelled", "Trip postponed"],
      ["cancelled", null],
    ]);
    expect(await freeRooms(suiteId, dates.checkin)).toBe(3);
    expect(await freeRooms(doubleId, dates.checkin)).toBe(2);
    const cancelEvents = await database().db.event.findMany({ where: { bookingId: { in: [suite.id, double.id] }, type: "booking.cancelled" } });
    expect(cancelEvents).toHaveLength(2);

    const again = await api("POST", `/booking-groups/${group.id}/cancel`, { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cancelled.body);
    expect(await database().db.event.count({ where: { bookingId: { in: [suite.id, double.id] }, type: "booking.cancelled" } })).toBe(2);
  });

  it("adds up each room's own fee: a non-refundable room costs its stay, a free one nothing", async () => {
    const nonRefundable = await createRatePlan(database().db, {
      propertyId: hotel.property.id,
      actor: TEST_ACTOR,
      name: "Non-refundable",
      priceRule: { percent: -10 },
      cancellationPolicy: { type: "non_refundable" },
    });
    const dates = stay();
    const body = { booker: GUEST, rooms: [{ roomTypeId: doubleId, adults: 2, ratePlanId: nonRefundable.id }, { roomTypeId: suiteId, adults: 2 }], ...dates };
    const group = (await api("POST", "/booking-groups", { key, body })).body;
    expect(group.bookings[0].ratePlan.id).toBe(nonRefundable.id);
    const cancelled = await api("POST", `/booking-groups/${group.id}/cancel`, { key });
    expect(cancelled.body.bookings.map((booking: { cancellationFee: unknown }) => booking.cancellationFee)).toEqual([eur(2 * 10_800), eur(0)]);
    expect(cancelled.body.cancellationFee).toEqual(eur(2 * 10_800));
  });

  it("answers 404 for a group of another property, or an id that is none", async () => {
    const other = await partnerFixture(database().db, { name: "Other Hotel" });
    const dates = stay();
    const group = (await api("POST", "/booking-groups", { key, body: familyGroup(dates) })).body;
    for (const path of [`/booking-groups/${group.id}`, "/booking-groups/grp_nope"]) {
      const read = await api("GET", path, { key: other.writeKey!.key });
      expect(read.status).toBe(404);
    }
    const cancel = await api("POST", `/booking-groups/${group.id}/cancel`, { key: other.writeKey!.key });
    expect(cancel.status).toBe(404);
    expect((await api("GET", `/booking-groups/${group.id}`, { key })).body.status).toBe("confirmed");
  });
});

describe("GET /booking-groups", () => {
  it("finds a group by its reference or the partner's externalReference, newest first a page at a time, and never another property's", async () => {
    const external = `PX-LIST-${stays}`;
    const made = [];
    for (let index = 0; index < 3; index++) made.push((await api("POST", "/booking-groups", { key, body: familyGroup(stay(1), { externalReference: external }) })).body);

    const byReference = await api("GET", `/booking-groups?reference=${made[1].reference}`, { key: hotel.readKey.key });
    expect(byReference.status, byReference.text).toBe(200);
    expect(byReference.body).toEqual({ data: [made[1]], nextCursor: null });

    const first = await api("GET", `/booking-groups?externalReference=${external}&limit=2`, { key });
    expect(first.body.data.map((group: { id: string }) => group.id)).toEqual([made[2].id, made[1].id]);
    expect(first.body.data[0].bookings).toHaveLength(2);
    const second = await api("GET", `/booking-groups?externalReference=${external}&limit=2&cursor=${first.body.nextCursor}`, { key });
    expect(second.body).toEqual({ data: [made[0]], nextCursor: null });

    const other = await partnerFixture(database().db, { name: "Other Hotel" });
    expect((await api("GET", `/booking-groups?reference=${made[1].reference}`, { key: other.readKey.key })).body).toEqual({ data: [], nextCursor: null });
    const bad = await api("GET", "/booking-groups?reference=nope&cursor=x!", { key });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(["cursor", "reference"]);
    // A booking's cursor names no group's page.
    const bookingsCursor = Buffer.from(JSON.stringify([new Date().toISOString(), made[0].bookings[0].id])).toString("base64url");
    expect((await api("GET", `/booking-groups?cursor=${bookingsCursor}`, { key })).status).toBe(400);
  });
});

describe("the invariant check", () => {
  it("finds a group that lost a room (group_incomplete), which no write of ours can make", async () => {
    const { db } = database();
    const group = (await api("POST", "/booking-groups", { key, body: familyGroup(stay(1)) })).body;
    expect((await checkInvariants(db, { propertySlug: hotel.property.slug })).violations).toEqual([]);
    await db.$executeRaw`UPDATE bookings SET group_id = NULL, group_room = NULL WHERE id = ${group.bookings[0].id}`;
    const check = await checkInvariants(db, { propertySlug: hotel.property.slug });
    expect(check.violations).toEqual([{ kind: "group_incomplete", propertyId: hotel.property.id, groupId: group.id, actual: [1] }]);
    await db.$executeRaw`UPDATE bookings SET group_id = ${group.id}, group_room = 0 WHERE id = ${group.bookings[0].id}`;
  });
});
