import { unlessRefused } from "@/lib/bookings/booking-refusals";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import type { ChangeOutcome } from "@/lib/bookings/booking-outcome";
import { changeBooking } from "@/lib/bookings/change-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { addDays, dateInTimeZone, toDbDate } from "@/lib/dates/calendar-date";
import { checkInvariants } from "@/lib/integrity/check-invariants";
import { setRates } from "@/lib/rates/set-rates";
import { seedBooking } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { seedHotel } from "../support/hotel";
import { waitUntilLockWaits } from "../support/lock-waits";
import { TEST_ACTOR } from "@/lib/audit/actor";

const database = setupTestDatabase();
const today = () => dateInTimeZone(new Date(), "UTC");

/** A hotel with a Double and a Suite, `rooms` of each, at 100.00 and 200.00 a night. */
async function hotel(rooms: { double: number; suite: number }) {
  const { property, roomTypes: { Double: double, Suite: suite } } = await seedHotel(database().db, {
    Double: { rooms: rooms.double, basePrice: 10_000 },
    Suite: { rooms: rooms.suite, basePrice: 20_000, maxAdults: 4 },
  });
  const book = (roomTypeId: string, checkin: string, nights = 2) => seedBooking(database().db, property, { roomTypeId, checkin, checkout: addDays(checkin, nights), madeAt: new Date() });
  return { property, double, suite, book };
}

/** Everything a failed change must leave exactly as it was: the booking's row and every night of the property. */
async function snapshot(bookingId: string, roomTypeIds: string[]) {
  const { db } = database();
  return {
    booking: await db.booking.findUniqueOrThrow({ where: { id: bookingId } }),
    nights: await db.roomNight.findMany({ where: { roomTypeId: { in: roomTypeIds } }, orderBy: [{ roomTypeId: "asc" }, { date: "asc" }] }),
  };
}

async function soldOn(roomTypeId: string, date: string): Promise<number> {
  return (await database().db.roomNight.findUniqueOrThrow({ where: { roomTypeId_date: { roomTypeId, date: toDbDate(date) } } })).roomsSold;
}

describe("changing a booking", () => {
  it("keeps the nights it still holds at their booked price after a rate edit, prices new nights at today's rate, and moves the counters", async () => {
    const { property, double, book } = await hotel({ double: 3, suite: 1 });
    const checkin = addDays(today(), 10);
    const booking = await book(double.id, checkin, 2);
    await setRates(database().db, { roomTypeId: double.id, from: checkin, to: addDays(checkin, 5), price: 15_000 });

    const outcome = await changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: booking.id, request: { checkin: addDays(checkin, 1), checkout: addDays(checkin, 4) } });
    expect(outcome).toMatchObject({ kind: "changed", changed: ["checkin", "checkout"] });
    const changed = (outcome as Extract<ChangeOutcome, { kind: "changed" }>).booking;
    expect(changed.nightly).toEqual([
      { date: addDays(checkin, 1), amount: 10_000 },
      { date: addDays(checkin, 2), amount: 15_000 },
      { date: addDays(checkin, 3), amount: 15_000 },
    ]);
    expect(changed.price).toEqual({ amount: 40_000, currency: "EUR" });
    expect(changed.nights).toBe(3);
    expect(await soldOn(double.id, checkin)).toBe(0);
    expect(await soldOn(double.id, addDays(checkin, 3))).toBe(1);
    const stored = await database().db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect([stored.totalAmount, stored.nightlyPrices]).toEqual([40_000, changed.nightly]);
    expect((await checkInvariants(database().db, { propertySlug: property.slug })).violations).toEqual([]);
  });

  it("a dry run quotes the change and stores nothing; the price guard refuses another total and stores nothing", async () => {
    const { property, double, suite, book } = await hotel({ double: 2, suite: 1 });
    const booking = await book(double.id, addDays(today(), 12), 2);
    const before = await snapshot(booking.id, [double.id, suite.id]);
    const quote = await changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: booking.id, request: { roomTypeId: suite.id }, dryRun: true });
    expect(quote).toMatchObject({ kind: "quote", booking: { roomTypeId: suite.id, price: { amount: 40_000 } } });
    expect(await snapshot(booking.id, [double.id, suite.id])).toEqual(before);
    const guarded = await changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: booking.id, request: { roomTypeId: suite.id }, expectedPrice: { amount: 20_000, currency: "EUR" } });
    expect(guarded).toMatchObject({ kind: "price_changed", booking: { price: { amount: 40_000 }, nightly: [{ amount: 20_000 }, { amount: 20_000 }] } });
    expect(await snapshot(booking.id, [double.id, suite.id])).toEqual(before);
    expect(await changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: booking.id, request: { roomTypeId: suite.id }, expectedPrice: { amount: 40_000, currency: "EUR" } })).toMatchObject({ kind: "changed" });
  });

  it("a refused change (a sold-out or closed night, too many adults, a started stay) leaves the booking and every counter as they were", async () => {
    const { property, double, suite, book } = await hotel({ double: 2, suite: 1 });
    const checkin = addDays(today(), 14);
    const booking = await book(double.id, checkin, 2);
    await book(suite.id, addDays(checkin, 1), 1); // the suite's only room, on the second night
    await setRates(database().db, { roomTypeId: double.id, from: addDays(checkin, 2), to: addDays(checkin, 2), closed: true });
    const before = await snapshot(booking.id, [double.id, suite.id]);
    const change = (request: Parameters<typeof changeBooking>[1]["request"]) => changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: booking.id, request });

    expect(await change({ roomTypeId: suite.id })).toEqual({ kind: "no_availability", name: "Suite", night: addDays(checkin, 1), reason: "sold out" });
    expect(await change({ checkout: addDays(checkin, 3) })).toEqual({ kind: "no_availability", name: "Double", night: addDays(checkin, 2), reason: "closed" });
    expect(await change({ adults: 3 })).toEqual({ kind: "occupancy_exceeded", name: "Double", limit: { name: "maxAdults", value: 2 }, adults: 3, children: 0 });
    expect(await change({ childrenAges: [4] })).toEqual({ kind: "occupancy_exceeded", name: "Double", limit: { name: "maxChildren", value: 0 }, adults: 1, children: 1 });
    expect(await change({ roomTypeId: "rt_000000000000000000xx" })).toMatchObject({ kind: "unknown_room_type" });
    const started = await changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: booking.id, request: { roomTypeId: suite.id }, clock: { now: () => new Date(`${addDays(checkin, 1)}T12:00:00Z`) } });
    expect(started).toMatchObject({ kind: "not_changeable", field: "roomTypeId" });
    expect(await snapshot(booking.id, [double.id, suite.id])).toEqual(before);
  });

  it("two changes racing into a type's last free room: exactly one wins", async () => {
    const { property, double, suite, book } = await hotel({ double: 2, suite: 1 });
    const checkin = addDays(today(), 20);
    const [first, second] = [await book(double.id, checkin), await book(double.id, checkin)];
    const outcomes = await Promise.all([first, second].map((b) => changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: b!.id, request: { roomTypeId: suite.id } })));
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["changed", "no_availability"]);
    expect([await soldOn(suite.id, checkin), await soldOn(double.id, checkin)]).toEqual([1, 1]);
    expect((await checkInvariants(database().db, { propertySlug: property.slug })).violations).toEqual([]);
  });

  it("a change and a new booking racing for the last room: exactly one gets it", async () => {
    const { property, double, suite, book } = await hotel({ double: 1, suite: 1 });
    const checkin = addDays(today(), 22);
    const moving = await book(double.id, checkin);
    const guest = { firstName: "Rita", lastName: "Race", email: "rita@example.com" };
    const [change, create] = await Promise.allSettled([
      changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: moving.id, request: { roomTypeId: suite.id } }),
      createBooking(database().db, { property, actor: TEST_ACTOR, input: { roomTypeId: suite.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest } }).then(unlessRefused),
    ]);
    const changed = change.status === "fulfilled" && change.value.kind === "changed";
    const created = create.status === "fulfilled";
    expect([changed, created].filter(Boolean)).toHaveLength(1);
    expect(await soldOn(suite.id, checkin)).toBe(1);
    expect((await checkInvariants(database().db, { propertySlug: property.slug })).violations).toEqual([]);
  });

  it("20 concurrent moves back and forth between two types end with every counter equal to its bookings, and no deadlock", async () => {
    const { property, double, suite, book } = await hotel({ double: 14, suite: 14 });
    const checkin = addDays(today(), 30);
    const doubles = await Promise.all(Array.from({ length: 10 }, (_, i) => book(double.id, addDays(checkin, i % 3), 3)));
    const suites = await Promise.all(Array.from({ length: 10 }, (_, i) => book(suite.id, addDays(checkin, i % 3), 3)));
    for (let round = 0; round < 2; round++) {
      const current = await database().db.booking.findMany({ where: { id: { in: [...doubles, ...suites].map((b) => b.id) } } });
      const outcomes = await Promise.all(
        current.map((b) => changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: b.id, request: { roomTypeId: b.roomTypeId === double.id ? suite.id : double.id } })),
      );
      for (const outcome of outcomes) expect(["changed", "no_availability"]).toContain(outcome.kind);
      expect(outcomes.filter((o) => o.kind === "changed").length).toBeGreaterThan(0);
    }
    expect((await checkInvariants(database().db, { propertySlug: property.slug })).violations).toEqual([]);
  });

  it("a booking of another property, or none, is not found; a cancelled one cannot change", async () => {
    const { property, double, book } = await hotel({ double: 2, suite: 1 });
    const other = await hotel({ double: 2, suite: 1 });
    const theirs = await other.book(other.double.id, addDays(today(), 40));
    expect(await changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: theirs.id, request: { adults: 1 } })).toEqual({ kind: "not_found", bookingId: theirs.id });
    const mine = await book(double.id, addDays(today(), 40));
    unlessRefused(await cancelBooking(database().db, { actor: TEST_ACTOR, property, bookingId: mine.id }));
    expect(await changeBooking(database().db, { actor: TEST_ACTOR, property, bookingId: mine.id, request: { adults: 1 } })).toMatchObject({ kind: "not_changeable", field: null });
  });

  it("a cancellation that reads the booking just before a change commits cancels the booking as changed, and says so in its event", async () => {
    const { property, double, book } = await hotel({ double: 3, suite: 1 });
    const checkin = addDays(today(), 30);
    const booking = await book(double.id, checkin, 2);
    // A change holds the booking's row (as changeBooking does) while the cancellation starts.
    const change = new pg.Client({ connectionString: database().url });
    await change.connect();
    try {
      await change.query("BEGIN");
      await change.query("SELECT id FROM bookings WHERE id = $1 FOR UPDATE", [booking.id]);
      const cancelling = cancelBooking(database().db, { actor: TEST_ACTOR, property, bookingId: booking.id, reason: "Plans changed" }).then(unlessRefused).then((done) => done.booking);
      // The cancellation has read the booking and waits for its row, held here, inside cancel_booking.
      await waitUntilLockWaits(database().db, "SELECT cancel_booking(");
      await change.query("UPDATE bookings SET adults = 2, guest_first_name = 'Changed', updated_at = now() WHERE id = $1", [booking.id]);
      await change.query("COMMIT");
      const cancelled = await cancelling;
      expect(cancelled).toMatchObject({ status: "cancelled", adults: 2, guest: { firstName: "Changed" } });
      const event = await database().db.event.findFirstOrThrow({ where: { bookingId: booking.id, type: "booking.cancelled" } });
      expect(event.data).toMatchObject({ booking: { adults: 2, guest: { firstName: "Changed" } } });
      expect(await database().db.bookingHistoryEntry.findMany({ where: { bookingId: booking.id } })).toMatchObject([{ kind: "cancelled", actorLabel: "test" }]);
    } finally {
      await change.end();
    }
    expect((await checkInvariants(database().db, { propertySlug: property.slug })).violations).toEqual([]);
  });
});
