import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { fromBookingRow, stayOf, type Booking } from "@/lib/bookings/booking";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { createBooking } from "@/lib/bookings/create-booking";
import { writeBooking } from "@/lib/bookings/write-steps";
import { addDays } from "@/lib/dates/calendar-date";
import { propertyToday } from "@/lib/properties/property-today";
import { seedProperty } from "@/prisma/factories";
import { FUNCTIONS_DIR } from "@/scripts/db/database-functions";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

/**
 * The booking's shape in one place: fromBookingRow reads a row into the domain's Booking, the
 * SQL function write_booking writes one back. A field added to one and forgotten in the other,
 * or a column neither knows, fails here.
 */
describe("a booking and its row", () => {
  it("write_booking writes every field fromBookingRow reads, and a booking read back is the booking written", async () => {
    const { db } = database();
    const { property, roomTypes } = await seedProperty(db, {
      name: "Row Inn",
      roomTypes: [
        { name: "Double", maxAdults: 2, rooms: 2, basePrice: 10_000 },
        { name: "Suite", maxAdults: 4, rooms: 1, basePrice: 20_000 },
      ],
    });
    const checkin = addDays(propertyToday(property), 5);
    const input = { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: { firstName: "Ana", lastName: "Silva", email: "ana@example.com" } };
    const { booking: made } = unlessRefused(await createBooking(db, { property, actor: TEST_ACTOR, input, idempotencyKey: "row-1" }));
    const stored = fromBookingRow(await db.booking.findUniqueOrThrow({ where: { id: made.id } }));

    // Every field that may move takes another value (both room types hold the stay's nights in the calendar).
    const moved: Booking = {
      ...stored,
      status: "cancelled",
      roomTypeId: roomTypes[1]!.id,
      stay: stayOf(addDays(checkin, 1), addDays(checkin, 3)),
      party: { adults: 3, childrenAges: [4, 9] },
      guest: { firstName: "Rui", lastName: "Costa", email: "rui@example.com", language: "pt-PT" },
      externalReference: "ext-9",
      price: { amount: 41_000, currency: stored.price.currency },
      nightly: [
        { date: addDays(checkin, 1), amount: 20_000 },
        { date: addDays(checkin, 2), amount: 21_000 },
      ],
      extras: [{ kind: "child", band: "Child", count: 2, amount: { amount: 1_500, currency: stored.price.currency } }],
      cancellationPolicy: { type: "free_until", daysBefore: 2, fee: "full_stay" },
      cancellation: { refundable: true, freeUntil: checkin, feeFrom: "2031-01-01T23:00:00.000Z", fee: { amount: 41_000, currency: stored.price.currency } },
      updatedAt: "2031-01-02T10:00:00.000Z",
      cancelledAt: "2031-01-02T10:00:00.000Z",
      cancellationReason: "Plans changed",
      cancellationFee: { amount: 41_000, currency: stored.price.currency },
      desk: { guestPhone: "+351 900 000 000", staffNote: "Late arrival" },
    };
    await db.$transaction((tx) => writeBooking(tx, moved));
    expect(fromBookingRow(await db.booking.findUniqueOrThrow({ where: { id: made.id } }))).toEqual(moved);

    // A new booking written whole reads back whole, what never moves included.
    const fresh: Booking = { ...moved, id: "bk_row000000000000000", reference: "RI-ROW001", idempotencyKey: "row-2", requestFingerprint: "f".repeat(64), createdAt: "2031-01-01T09:00:00.000Z" };
    await db.$transaction((tx) => writeBooking(tx, fresh));
    expect(fromBookingRow(await db.booking.findUniqueOrThrow({ where: { id: fresh.id } }))).toEqual(fresh);
  });

  it("write_booking names every column of the bookings table", async () => {
    const columns = await database().db.$queryRaw<{ name: string }[]>`
      SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'bookings'`;
    const sql = readFileSync(join(FUNCTIONS_DIR, "write_booking.sql"), "utf8");
    const inserted = sql.slice(sql.indexOf("INSERT INTO bookings"), sql.indexOf("VALUES"));
    const missing = columns.map((column) => column.name).filter((name) => !new RegExp(`\\b${name}\\b`).test(inserted));
    expect(missing).toEqual([]);
  });
});
