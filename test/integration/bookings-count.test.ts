import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { countBookings, listBookings } from "@/lib/bookings/find-bookings";
import { addDays, dateInTimeZone } from "@/lib/dates/calendar-date";
import type { BookingListQuery } from "@/lib/schemas/bookings";
import { seedBooking, seedProperty } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { TEST_ACTOR } from "@/lib/audit/actor";

const database = setupTestDatabase();

/** Every booking a filter selects, by walking the list's cursor pages to the end. */
async function everyPage(propertyId: string, query: BookingListQuery): Promise<number> {
  let seen = 0;
  let cursor: string | undefined;
  do {
    const page = await listBookings(database().db, propertyId, { ...query, limit: 2, ...(cursor ? { cursor } : {}) });
    seen += page.data.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return seen;
}

describe("the panel's count of bookings", () => {
  it("is exact for every filter, counts only the property's own bookings, and is served by the (property, check-in, status) index", async () => {
    const { db } = database();
    const { property, roomTypes } = await seedProperty(db, { roomTypes: [{ name: "Double", maxAdults: 2, rooms: 20, basePrice: 10_000 }] });
    const other = await seedProperty(db, { roomTypes: [{ name: "Twin", maxAdults: 2, rooms: 20, basePrice: 10_000 }] });
    const today = dateInTimeZone(new Date(), property.timezone);
    const made = [];
    for (let day = 1; day <= 9; day++) {
      const checkin = addDays(today, day);
      made.push(await seedBooking(db, property, { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), madeAt: new Date() }));
      await seedBooking(db, other.property, { roomTypeId: other.roomTypes[0]!.id, checkin, checkout: addDays(checkin, 1), madeAt: new Date() });
    }
    for (const booking of made.slice(0, 3)) unlessRefused(await cancelBooking(db, { actor: TEST_ACTOR, property, bookingId: booking.id }));

    const filters: BookingListQuery[] = [
      {},
      { status: "cancelled" },
      { status: "confirmed" },
      { checkinFrom: addDays(today, 2), checkinTo: addDays(today, 5) },
      { checkinFrom: addDays(today, 2), checkinTo: addDays(today, 5), status: "confirmed" },
      { checkinFrom: addDays(today, 30) },
    ];
    const counted = await Promise.all(filters.map((filter) => countBookings(db, property.id, filter)));
    expect(counted).toEqual([9, 3, 6, 4, 2, 0]);
    for (const [i, filter] of filters.entries()) expect(counted[i]).toBe(await everyPage(property.id, filter));

    // The plan PostgreSQL picks when a table is too large to read whole (sequential scans off):
    // the count walks the (property, check-in, status) index, never the table's other indexes.
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const rows = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT count(*) FROM bookings WHERE property_id = $1 AND checkin BETWEEN $2::date AND $3::date AND status = 'confirmed'`,
        property.id,
        addDays(today, 2),
        addDays(today, 5),
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("bookings_property_id_checkin_status_idx");
  });
});
