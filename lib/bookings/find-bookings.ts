import type { Db } from "@/lib/db";
import { toDbDate } from "@/lib/dates/calendar-date";
import { isId } from "@/lib/ids";
import { NOT_A_CURSOR, validationFailed } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BookingListQuery, BookingView } from "@/lib/schemas/bookings";
import { fromBookingRow } from "./booking";
import { refusalError } from "./booking-refusals";
import { toBookingView } from "./booking-view";

export async function getBooking(db: Db, propertyId: string, bookingId: string): Promise<BookingView> {
  const booking = await db.booking.findFirst({ where: { id: bookingId, propertyId } });
  if (!booking) throw refusalError({ kind: "not_found", bookingId });
  return toBookingView(fromBookingRow(booking));
}

type Cursor = { createdAt: string; id: string };

/** The cursor of the page after `cursor`'s booking or booking group (also the OpenAPI document's example of one). */
export function encodeBookingCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

/** The position a cursor of a list of bookings (bk) or of booking groups (grp) names; a malformed cursor is a validation error on `cursor`. */
export function decodeBookingCursor(value: string, kind: "bk" | "grp" = "bk"): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as [string, string];
    if (!isId(kind, id) || typeof createdAt !== "string" || Number.isNaN(Date.parse(createdAt))) throw new Error("bad cursor");
    return { createdAt, id };
  } catch {
    throw validationFailed([{ field: "cursor", message: NOT_A_CURSOR }]);
  }
}

/** The bookings a list's filters select (every filter but the page's cursor). */
function filterWhere(propertyId: string, query: BookingListQuery): Prisma.BookingWhereInput {
  const where: Prisma.BookingWhereInput = { propertyId };
  if (query.status) where.status = query.status;
  if (query.checkinFrom || query.checkinTo) {
    where.checkin = {
      ...(query.checkinFrom ? { gte: toDbDate(query.checkinFrom) } : {}),
      ...(query.checkinTo ? { lte: toDbDate(query.checkinTo) } : {}),
    };
  }
  if (query.updatedSince) where.updatedAt = { gte: new Date(query.updatedSince) };
  if (query.reference) where.reference = query.reference;
  if (query.externalReference) where.externalReference = query.externalReference;
  if (query.groupId) where.groupId = query.groupId;
  return where;
}

/**
 * A property's bookings, newest first, a page at a time. The cursor is the position of the
 * last booking shown (creation time, id), so pages stay stable while bookings are added.
 */
export async function listBookings(db: Db, propertyId: string, query: BookingListQuery): Promise<{ data: BookingView[]; nextCursor: string | null }> {
  const limit = query.limit ?? 25;
  const where = filterWhere(propertyId, query);
  if (query.cursor) {
    const cursor = decodeBookingCursor(query.cursor);
    const at = new Date(cursor.createdAt);
    where.OR = [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: cursor.id } }];
  }
  const rows = await db.booking.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => toBookingView(fromBookingRow(row))),
    nextCursor: rows.length > limit && last ? encodeBookingCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
  };
}

/**
 * How many bookings the filters select, exactly (the panel's "312 bookings"). Counted in an
 * index: (property, check-in, status) serves every filter the panel offers. Not in the API:
 * partners page with cursors, and a count would cost every call.
 */
export async function countBookings(db: Db, propertyId: string, query: Omit<BookingListQuery, "cursor" | "limit">): Promise<number> {
  return db.booking.count({ where: filterWhere(propertyId, query) });
}
