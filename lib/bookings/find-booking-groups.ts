import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BookingGroupListQuery, BookingGroupView } from "@/lib/schemas/booking-groups";
import { fromBookingRow, type Booking } from "./booking";
import { fromBookingGroupRow, toBookingGroupView, type BookingGroup } from "./booking-group";
import { refusalError } from "./booking-refusals";
import { decodeBookingCursor, encodeBookingCursor } from "./find-bookings";

/** A group of the property with its rooms (in the request's order), or null: a group of another property is not found. */
export async function loadBookingGroup(db: Db, propertyId: string, groupId: string): Promise<{ group: BookingGroup; rooms: Booking[] } | null> {
  const row = await db.bookingGroup.findFirst({ where: { id: groupId, propertyId }, include: { bookings: { orderBy: { groupRoom: "asc" } } } });
  if (!row) return null;
  return { group: fromBookingGroupRow(row), rooms: row.bookings.map(fromBookingRow) };
}

export async function getBookingGroup(db: Db, propertyId: string, groupId: string): Promise<BookingGroupView> {
  const loaded = await loadBookingGroup(db, propertyId, groupId);
  if (!loaded) throw refusalError({ kind: "group_not_found", groupId });
  return toBookingGroupView(loaded.group, loaded.rooms);
}

/**
 * A property's booking groups, newest first, a page at a time (the cursor as for bookings: the
 * last group shown's creation time and id), each with its rooms; filtered by the group's
 * reference (a booker looking up the reference from their e-mail) or the partner's own.
 */
export async function listBookingGroups(db: Db, propertyId: string, query: BookingGroupListQuery): Promise<{ data: BookingGroupView[]; nextCursor: string | null }> {
  const limit = query.limit ?? 25;
  const where: Prisma.BookingGroupWhereInput = { propertyId };
  if (query.reference) where.reference = query.reference;
  if (query.externalReference) where.externalReference = query.externalReference;
  if (query.cursor) {
    const cursor = decodeBookingCursor(query.cursor, "grp");
    const at = new Date(cursor.createdAt);
    where.OR = [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: cursor.id } }];
  }
  const rows = await db.bookingGroup.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1, include: { bookings: { orderBy: { groupRoom: "asc" } } } });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => toBookingGroupView(fromBookingGroupRow(row), row.bookings.map(fromBookingRow))),
    nextCursor: rows.length > limit && last ? encodeBookingCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
  };
}

/**
 * A group found by its reference (an operator answering the booker's call: the reference is
 * unique across properties), with its property's name and each room type's name; null if none.
 */
export async function findBookingGroupByReference(db: Db, reference: string): Promise<{ propertyName: string; group: BookingGroupView; roomTypeNames: Record<string, string> } | null> {
  const row = await db.bookingGroup.findUnique({
    where: { reference },
    include: { property: { select: { name: true } }, bookings: { orderBy: { groupRoom: "asc" }, include: { roomType: { select: { id: true, name: true } } } } },
  });
  if (!row) return null;
  const roomTypeNames = Object.fromEntries(row.bookings.map((booking) => [booking.roomType.id, booking.roomType.name]));
  return { propertyName: row.property.name, group: toBookingGroupView(fromBookingGroupRow(row), row.bookings.map(fromBookingRow)), roomTypeNames };
}
