import { fromBookingRow, type Booking } from "@/lib/bookings/booking";
import type { Db } from "@/lib/db";

/** An e-mail address as guests' bookings are matched by it: trimmed, any capitals. */
export function guestEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Every booking of the property whose guest has this e-mail address (any capitals), newest stay
 * first: what a guest's request to see or erase their data covers. Anonymised bookings carry an
 * address of their own, so a guest once erased is found no more.
 */
export async function findGuestBookings(db: Db, propertyId: string, email: string): Promise<Booking[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM bookings WHERE property_id = ${propertyId} AND lower(guest_email) = ${guestEmailKey(email)}
    ORDER BY checkin DESC, id`;
  if (!rows.length) return [];
  const bookings = await db.booking.findMany({ where: { id: { in: rows.map((row) => row.id) } } });
  const byId = new Map(bookings.map((row) => [row.id, fromBookingRow(row)]));
  return rows.map((row) => byId.get(row.id)!);
}
