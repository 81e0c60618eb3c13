import type { Db } from "@/lib/db";
import { madeByLabel } from "./booking-channel";

/** Where a booking came from, for the panel: who made it, and what only a desk booking has (never in the partner API). */
export type BookingOrigin = { madeBy: string; guestPhone: string | null; staffNote: string | null };

/**
 * The origins of some bookings of a property, by booking id: "Desk · Maria Silva" (or "Desk")
 * for desk bookings, the key's label for API bookings; the guest's phone and the staff's note.
 * Bookings of another property are left out, as everywhere.
 */
export async function readBookingOrigins(db: Db, options: { propertyId: string; bookingIds: string[] }): Promise<Map<string, BookingOrigin>> {
  if (!options.bookingIds.length) return new Map();
  const rows = await db.booking.findMany({
    where: { propertyId: options.propertyId, id: { in: options.bookingIds } },
    select: { id: true, source: true, guestPhone: true, staffNote: true, apiKey: { select: { label: true } }, staffUser: { select: { name: true, email: true } } },
  });
  return new Map(
    rows.map((row) => [row.id, { madeBy: madeByLabel({ source: row.source, apiKeyName: row.apiKey?.label ?? null, staffUser: row.staffUser }), guestPhone: row.guestPhone, staffNote: row.staffNote }]),
  );
}
