import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/calendar-date";
import { fromBookingRow } from "@/lib/bookings/booking";
import { toBookingView } from "@/lib/bookings/booking-view";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { isDomainError } from "@/lib/errors";
import { setRates } from "@/lib/rates/set-rates";
import { setupTestDatabase } from "../support/database";
import { seedHotel } from "../support/hotel";
import { TEST_ACTOR } from "@/lib/audit/actor";

const database = setupTestDatabase();

const guest = { firstName: "Ana", lastName: "Silva", email: "ana@example.com" };

async function hotel(rooms: number) {
  const { property, roomTypes, today } = await seedHotel(database().db, { Double: { rooms, basePrice: 10_000 } }, { name: "Race Inn" });
  return { property, roomType: roomTypes.Double, checkin: addDays(today, 10), checkout: addDays(today, 12) };
}

describe("createBooking on real PostgreSQL with parallel connections", () => {
  it("sells exactly the rooms left: 30 concurrent requests for 3 rooms make 3 bookings and 27 no_availability", async () => {
    const { db } = database();
    const { property, roomType, checkin, checkout } = await hotel(3);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomType.id, checkin, checkout, adults: 2, guest } }).then(unlessRefused),
      ),
    );
    const created = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(27);
    for (const r of refused) expect(isDomainError(r.reason, "no_availability"), String(r.reason)).toBe(true);
    const nights = await db.roomNight.findMany({ where: { roomTypeId: roomType.id, roomsSold: { gt: 0 } } });
    expect(nights.map((n) => n.roomsSold)).toEqual([3, 3]);
  });

  it("makes one booking for 10 concurrent requests with one Idempotency-Key, and replays it to the others", async () => {
    const { db } = database();
    const { property, roomType, checkin, checkout } = await hotel(5);
    const input = { roomTypeId: roomType.id, checkin, checkout, adults: 2, guest };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => createBooking(db, { property, actor: TEST_ACTOR, input, idempotencyKey: "retry-me-1" }).then(unlessRefused)),
    );
    expect(new Set(results.map((r) => r.booking.id)).size).toBe(1);
    expect(results.filter((r) => r.kind !== "replayed")).toHaveLength(1);
    expect(await db.booking.count({ where: { propertyId: property.id } })).toBe(1);
    const nights = await db.roomNight.findMany({ where: { roomTypeId: roomType.id, roomsSold: { gt: 0 } } });
    expect(nights.map((n) => n.roomsSold)).toEqual([1, 1]);

    await expect(
      createBooking(db, { property, actor: TEST_ACTOR, input: { ...input, adults: 1 }, idempotencyKey: "retry-me-1" }).then(unlessRefused),
    ).rejects.toMatchObject({ code: "idempotency_key_reused" });
  });

  it("keeps the price fixed at creation, and cancel frees the nights at once", async () => {
    const { db } = database();
    const { property, roomType, checkin, checkout } = await hotel(1);
    const { booking } = unlessRefused(await createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomType.id, checkin, checkout, adults: 1, guest } }));
    expect(booking.price).toEqual({ amount: 20_000, currency: "EUR" });
    await setRates(db, { roomTypeId: roomType.id, from: checkin, to: checkout, price: 99_900 });
    const again = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(again.totalAmount).toBe(20_000);

    const second = () => createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomType.id, checkin, checkout, adults: 1, guest } }).then(unlessRefused);
    await expect(second()).rejects.toMatchObject({ code: "no_availability", details: { night: checkin } });
    const cancelled = unlessRefused(await cancelBooking(db, { actor: TEST_ACTOR, property, bookingId: booking.id, reason: "plans changed" })).booking;
    expect(cancelled).toMatchObject({ status: "cancelled", cancellationReason: "plans changed" });
    expect((await second()).booking.price.amount).toBe(2 * 99_900);
  });

  it("cancels once for 10 concurrent cancellations: the nights given back once, one event, every caller sees the same cancelled booking", async () => {
    const { db } = database();
    const { property, roomType, checkin, checkout } = await hotel(2);
    const input = { roomTypeId: roomType.id, checkin, checkout, adults: 2, guest };
    const { booking } = unlessRefused(await createBooking(db, { property, actor: TEST_ACTOR, input }));
    unlessRefused(await createBooking(db, { property, actor: TEST_ACTOR, input }));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => cancelBooking(db, { actor: TEST_ACTOR, property, bookingId: booking.id, reason: `attempt ${i}` }).then(unlessRefused).then((done) => done.booking)),
    );
    const stored = await db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(stored.status).toBe("cancelled");
    for (const result of results) {
      expect(result).toMatchObject({ id: booking.id, status: "cancelled", cancellationReason: stored.cancellationReason });
      expect(result.cancelledAt).toBe(stored.cancelledAt!.toISOString());
    }
    const nights = await db.roomNight.findMany({ where: { roomTypeId: roomType.id, roomsSold: { gt: 0 } }, orderBy: { date: "asc" } });
    expect(nights.map((n) => n.roomsSold)).toEqual([1, 1]);
    const events = await db.event.findMany({ where: { bookingId: booking.id, type: "booking.cancelled" } });
    expect(events).toHaveLength(1);
    expect((events[0]!.data as { booking: unknown }).booking).toEqual(toBookingView(fromBookingRow(stored)));
  });

  it("refuses a stay at its first night without a room, in date order: sold out, closed, or with no calendar row (closed)", async () => {
    const { db } = database();
    const { property, roomType, checkin } = await hotel(1);
    const stay = (from: number, to: number) => ({ roomTypeId: roomType.id, checkin: addDays(checkin, from), checkout: addDays(checkin, to), adults: 1, guest });
    const book = (from: number, to: number) => createBooking(db, { property, actor: TEST_ACTOR, input: stay(from, to) });
    unlessRefused(await book(1, 2)); // the one room of night 1 sold
    await setRates(db, { roomTypeId: roomType.id, from: addDays(checkin, 3), to: addDays(checkin, 3), closed: true });
    await db.$executeRaw`DELETE FROM room_nights WHERE room_type_id = ${roomType.id} AND date IN (${addDays(checkin, 6)}::date, ${addDays(checkin, 9)}::date)`;
    const sold = await db.roomNight.findMany({ where: { roomTypeId: roomType.id }, select: { roomsSold: true } });

    const refusal = (night: number, reason: string) => ({ kind: "no_availability", name: "Double", night: addDays(checkin, night), reason });
    expect(await book(0, 4)).toEqual(refusal(1, "sold out"));
    expect(await book(2, 5)).toEqual(refusal(3, "closed"));
    expect(await book(5, 8)).toEqual(refusal(6, "closed")); // a missing night between two that exist
    expect(await book(6, 8)).toEqual(refusal(6, "closed")); // the first night missing
    expect(await book(8, 10)).toEqual(refusal(9, "closed")); // the last night missing
    expect(await db.roomNight.findMany({ where: { roomTypeId: roomType.id }, select: { roomsSold: true } })).toEqual(sold);
    expect(unlessRefused(await book(4, 6)).kind).toBe("created");
  });
});
