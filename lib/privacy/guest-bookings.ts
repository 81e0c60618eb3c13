import { createHash } from "node:crypto";
import { fromBookingRow, type Booking } from "@/lib/bookings/booking";
import { bookingGroupStatus, fromBookingGroupRow, type BookingGroup } from "@/lib/bookings/booking-group";
import type { BookingGroupStatus } from "@/lib/schemas/booking-groups";
import type { Db } from "@/lib/db";

/** An e-mail address as guests' bookings are matched by it: trimmed, any capitals. */
export function guestEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether `text` (trimmed) can be a guest's e-mail address to look for: something@somewhere, at most 254 characters. */
export function isGuestEmail(text: string): boolean {
  return text.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(text);
}

/** What the audit log keeps of a guest's address, when it keeps anything: its SHA-256 (of the matched form), never the address. */
export function guestEmailHash(email: string): string {
  return createHash("sha256").update(guestEmailKey(email)).digest("hex");
}

/**
 * Every booking of the property whose guest has this e-mail address (any capitals), newest stay
 * first: what a guest's request to see or erase their data covers (with the groups they booked:
 * findGuestGroups). Anonymised bookings carry an
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

/** A group the guest booked, its rooms' references (the rooms' guests may be others) and its status. */
export type GuestGroup = BookingGroup & { roomReferences: string[]; status: BookingGroupStatus };

/**
 * Every booking group of the property whose booker has this e-mail address (any capitals),
 * newest stay first: the booker's own data sits on the group (and in the e-mails sent to them),
 * whether or not they stay in one of its rooms.
 */
export async function findGuestGroups(db: Db, propertyId: string, email: string): Promise<GuestGroup[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM booking_groups WHERE property_id = ${propertyId} AND lower(booker_email) = ${guestEmailKey(email)}
    ORDER BY checkin DESC, id`;
  if (!rows.length) return [];
  const groups = await db.bookingGroup.findMany({
    where: { id: { in: rows.map((row) => row.id) } },
    include: { bookings: { select: { reference: true, status: true }, orderBy: { groupRoom: "asc" } } },
  });
  const byId = new Map(
    groups.map((row) => [row.id, { ...fromBookingGroupRow(row), roomReferences: row.bookings.map((room) => room.reference), status: bookingGroupStatus(row.bookings) }]),
  );
  return rows.map((row) => byId.get(row.id)!);
}
