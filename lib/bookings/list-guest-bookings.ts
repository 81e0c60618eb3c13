import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/** At most this many of a guest's other bookings are listed on a booking's page; the total counts them all. */
export const GUEST_BOOKINGS_LIMIT = 20;

export type GuestBooking = {
  id: string;
  reference: string;
  checkin: CalendarDate;
  checkout: CalendarDate;
  roomTypeId: string;
  status: "confirmed" | "cancelled";
};

export type GuestBookings = { bookings: GuestBooking[]; total: number };

export type GuestBookingsQuery = { propertyId: string; email: string; exceptBookingId: string; limit?: number };

type Row = GuestBooking & { total: number };

/**
 * The statement of listGuestBookings: the property's bookings made with this e-mail
 * (case-insensitive) but the one shown, newest stay first, each with how many there are in all.
 * Served by the index bookings_guest_email_property_id_idx (lower(e-mail), property).
 */
export function guestBookingsSql({ propertyId, email, exceptBookingId, limit = GUEST_BOOKINGS_LIMIT }: GuestBookingsQuery): Prisma.Sql {
  return Prisma.sql`
    SELECT id, reference, to_char(checkin, 'YYYY-MM-DD') AS checkin, to_char(checkout, 'YYYY-MM-DD') AS checkout,
           room_type_id AS "roomTypeId", status::text AS status, count(*) OVER ()::int AS total
    FROM bookings
    WHERE property_id = ${propertyId} AND lower(guest_email) = lower(${email}) AND id <> ${exceptBookingId}
    ORDER BY bookings.checkin DESC, bookings.created_at DESC, bookings.id DESC
    LIMIT ${limit}`;
}

/**
 * A guest's other bookings at the same property, found by the e-mail they booked with: never
 * another property's, whatever the e-mail. The first `limit` (newest stay first) and the total.
 */
export async function listGuestBookings(db: Db, query: GuestBookingsQuery): Promise<GuestBookings> {
  const rows = await db.$queryRaw<Row[]>(guestBookingsSql(query));
  return {
    bookings: rows.map((row) => ({ id: row.id, reference: row.reference, checkin: row.checkin, checkout: row.checkout, roomTypeId: row.roomTypeId, status: row.status })),
    total: rows[0]?.total ?? 0,
  };
}
