import pg from "pg";
import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import type { GroupCancelOutcome } from "@/lib/bookings/booking-outcome";
import { cancelBookingGroup } from "@/lib/bookings/cancel-booking-group";
import { createBooking } from "@/lib/bookings/create-booking";
import { createBookingGroup } from "@/lib/bookings/create-booking-group";
import { addDays } from "@/lib/dates/calendar-date";
import { isDomainError } from "@/lib/errors";
import { checkInvariants } from "@/lib/integrity/check-invariants";
import { setupTestDatabase } from "../support/database";
import { seedHotel } from "../support/hotel";
import { waitUntilLockWaits } from "../support/lock-waits";

/**
 * Booking groups racing each other and single bookings for scarce rooms, on real PostgreSQL with
 * parallel connections (the pool): all rooms or none, never a night oversold, no deadlock
 * between groups that take the same room types in another order, one group per Idempotency-Key.
 */
const database = setupTestDatabase();
const guest = { firstName: "Ana", lastName: "Silva", email: "ana@example.com" };

async function hotel(rooms: number) {
  const { property, roomTypes, today } = await seedHotel(database().db, { Double: { rooms, basePrice: 10_000 }, Twin: { rooms, basePrice: 9_000 } }, { name: "Group Race Inn" });
  return { property, double: roomTypes.Double.id, twin: roomTypes.Twin.id, checkin: addDays(today, 10), checkout: addDays(today, 12) };
}

/** Each room type's rooms sold on each night of the stay. */
async function sold(roomTypeId: string): Promise<number[]> {
  const nights = await database().db.roomNight.findMany({ where: { roomTypeId, roomsSold: { gt: 0 } }, orderBy: { date: "asc" } });
  return nights.map((night) => night.roomsSold);
}

describe("booking groups on parallel connections", () => {
  it("20 concurrent groups (their rooms in either order) and singles for 3 rooms of each type never oversell, never deadlock, and leave no partial group", async () => {
    const { db } = database();
    const { property, double, twin, checkin, checkout } = await hotel(3);
    const requests = Array.from({ length: 20 }, (_, i) => {
      if (i % 2 === 1) return createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: i % 4 === 1 ? double : twin, checkin, checkout, adults: 2, guest } }).then(unlessRefused);
      const rooms = [{ roomTypeId: double, adults: 2 }, { roomTypeId: twin, adults: 1 }];
      return createBookingGroup(db, { property, actor: TEST_ACTOR, input: { booker: guest, rooms: i % 4 === 0 ? rooms : rooms.reverse(), checkin, checkout } }).then(unlessRefused);
    });
    const results = await Promise.allSettled(requests);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    for (const result of refused) expect(isDomainError(result.reason, "no_availability"), String(result.reason)).toBe(true);
    expect(refused.length).toBeGreaterThan(0);

    const bookings = await db.booking.findMany({ where: { propertyId: property.id } });
    const byType = (roomTypeId: string) => bookings.filter((booking) => booking.roomTypeId === roomTypeId).length;
    expect(byType(double)).toBeLessThanOrEqual(3);
    expect(byType(twin)).toBeLessThanOrEqual(3);
    expect(await sold(double)).toEqual(byType(double) ? [byType(double), byType(double)] : []);
    expect(await sold(twin)).toEqual(byType(twin) ? [byType(twin), byType(twin)] : []);
    const groups = await db.bookingGroup.findMany({ where: { propertyId: property.id }, include: { bookings: true } });
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(group.bookings.map((booking) => booking.groupRoom).sort()).toEqual([0, 1]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(groups.length + bookings.filter((booking) => !booking.groupId).length);
    expect((await checkInvariants(db)).violations).toEqual([]);
  });

  it("two groups racing for the last 2 rooms: one wins both, the other is refused whole, naming its room", async () => {
    const { db } = database();
    for (let round = 0; round < 5; round++) {
      const { property, double, checkin, checkout } = await hotel(2);
      const group = () => createBookingGroup(db, { property, actor: TEST_ACTOR, input: { booker: guest, rooms: [{ roomTypeId: double, adults: 2 }, { roomTypeId: double, adults: 1 }], checkin, checkout } });
      const [first, second] = await Promise.all([group(), group()]);
      const outcomes = [first, second].map((outcome) => outcome.kind).sort();
      expect(outcomes).toEqual(["created", "no_availability"]);
      const refusal = [first, second].find((outcome) => outcome.kind === "no_availability");
      expect(refusal).toMatchObject({ room: 0, night: checkin });
      expect(await sold(double)).toEqual([2, 2]);
      expect(await db.booking.count({ where: { propertyId: property.id } })).toBe(2);
    }
  });

  it("a group whose type has 1 room left for its 2 rooms of it is refused, naming its second room of that type, and takes nothing", async () => {
    const { db } = database();
    const { property, double, twin, checkin, checkout } = await hotel(2);
    unlessRefused(await createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: double, checkin: addDays(checkin, 1), checkout, adults: 1, guest } }));
    const outcome = await createBookingGroup(db, {
      property,
      actor: TEST_ACTOR,
      input: { booker: guest, rooms: [{ roomTypeId: double, adults: 2 }, { roomTypeId: twin, adults: 2 }, { roomTypeId: double, adults: 2 }], checkin, checkout },
    });
    expect(outcome).toMatchObject({ kind: "no_availability", room: 2, night: addDays(checkin, 1), reason: "sold out" });
    expect(await sold(double)).toEqual([1]);
    expect(await sold(twin)).toEqual([]);
    expect(await db.bookingGroup.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it("makes one group for 10 concurrent requests with one Idempotency-Key, and replays it to the others", async () => {
    const { db } = database();
    const { property, double, twin, checkin, checkout } = await hotel(5);
    const input = { booker: guest, rooms: [{ roomTypeId: double, adults: 2 }, { roomTypeId: twin, adults: 2, childrenAges: [] }], checkin, checkout };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => createBookingGroup(db, { property, actor: TEST_ACTOR, input, idempotencyKey: "one-group" }).then(unlessRefused)),
    );
    expect(new Set(results.map((result) => result.group.id)).size).toBe(1);
    expect(results.filter((result) => result.kind === "created")).toHaveLength(1);
    expect(await db.bookingGroup.count({ where: { propertyId: property.id } })).toBe(1);
    expect(await sold(double)).toEqual([1, 1]);
    expect(await sold(twin)).toEqual([1, 1]);
  });

  it("cancels a group once for 10 concurrent cancellations: each room's nights given back once, one event and one history entry per room", async () => {
    const { db } = database();
    const { property, double, checkin, checkout } = await hotel(3);
    const { group } = unlessRefused(
      await createBookingGroup(db, { property, actor: TEST_ACTOR, input: { booker: guest, rooms: [{ roomTypeId: double, adults: 2 }, { roomTypeId: double, adults: 2 }], checkin, checkout } }),
    );
    // The group's row held here until all 10 have read the group (both rooms confirmed) and wait for it inside
    // cancel_booking_group: then they go one after another, each finding what the one before left.
    const holder = new pg.Client({ connectionString: database().url });
    await holder.connect();
    let cancelling: Promise<Awaited<ReturnType<typeof cancelBookingGroup>>[]>;
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM booking_groups WHERE id = $1 FOR UPDATE", [group.id]);
      cancelling = Promise.all(Array.from({ length: 10 }, () => cancelBookingGroup(db, { property, groupId: group.id, actor: TEST_ACTOR })));
      await waitUntilLockWaits(db, "SELECT cancel_booking_group(", { count: 10 });
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
    const results = await cancelling;
    // All 10 read the group while it was confirmed, so each is answered "cancelled": cancel_booking_group leaves a
    // room another request cancelled meanwhile as it is and answers "cancelled" (only one that reads the group after
    // is "unchanged", below). Every one gets the group exactly as the first left it.
    expect(results.map((result) => result.kind)).toEqual(Array.from({ length: 10 }, () => "cancelled"));
    const stored = (await cancelBookingGroup(db, { property, groupId: group.id, actor: TEST_ACTOR })) as Extract<GroupCancelOutcome, { group: unknown }>;
    expect(stored.kind).toBe("unchanged");
    expect(stored.group).toMatchObject({ id: group.id, status: "cancelled", bookings: [{ status: "cancelled" }, { status: "cancelled" }] });
    for (const result of results) expect(result).toEqual({ kind: "cancelled", group: stored.group });

    expect(await sold(double)).toEqual([]);
    expect(await db.event.count({ where: { propertyId: property.id, type: "booking.cancelled" } })).toBe(2);
    const rooms = stored.group.bookings.map((booking) => booking.id).sort();
    const history = await db.bookingHistoryEntry.findMany({ where: { bookingId: { in: rooms } }, select: { bookingId: true, kind: true }, orderBy: { bookingId: "asc" } });
    expect(history).toEqual(rooms.map((bookingId) => ({ bookingId, kind: "cancelled" })));
    expect((await checkInvariants(db)).violations).toEqual([]);
  });
});

describe("cancelling a group once its stay has started", () => {
  it("is refused as a booking's cancel is (booking_not_cancellable), naming the room, and cancels nothing", async () => {
    const { db } = database();
    const { property, double, twin, checkin, checkout } = await hotel(3);
    const { group } = unlessRefused(
      await createBookingGroup(db, { property, actor: TEST_ACTOR, input: { booker: guest, rooms: [{ roomTypeId: twin, adults: 2 }, { roomTypeId: double, adults: 2 }], checkin, checkout } }),
    );
    const dayAfterCheckin = new Date(Date.parse(`${checkin}T12:00:00Z`) + 86_400_000);
    const outcome = await cancelBookingGroup(db, { property, groupId: group.id, actor: TEST_ACTOR, clock: { now: () => dayAfterCheckin } });
    expect(outcome).toMatchObject({ kind: "not_cancellable", checkin, room: 0 });
    expect(() => unlessRefused(outcome)).toThrow(/^Room 1 \(rooms\[0\]\): The check-in date/);
    expect(await db.booking.count({ where: { groupId: group.id, status: "confirmed" } })).toBe(2);
  });
});
