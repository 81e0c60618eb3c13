import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { BookingListQuery, BookingView } from "@/lib/schemas/bookings";
import { fromBookingRow } from "./booking";
import { toBookingView } from "./booking-view";
import { countBookings, decodeBookingCursor, encodeBookingCursor, listBookings } from "./find-bookings";

/** The list's filters the panel offers, with its page. */
export type BookingSearchFilters = Pick<BookingListQuery, "status" | "checkinFrom" | "checkinTo" | "groupId" | "cursor" | "limit">;

export type BookingSearch = { propertyId: string; filters: BookingSearchFilters; words: string[] };

export type BookingSearchPage = { data: BookingView[]; nextCursor: string | null; total: number };

/**
 * The words a search looks in: first name, last name, e-mail and reference, lower-cased, split
 * at white space, as the lexemes of a tsvector. It must stay the expression of the GIN index
 * bookings_guest_search_idx (migration 20261125200000_bookings_guest_search), or PostgreSQL
 * reads the whole table.
 */
const BOOKING_SEARCH_WORDS = Prisma.sql`array_to_tsvector(array_remove(regexp_split_to_array(lower(
  left(guest_first_name, 500) || ' ' || left(guest_last_name, 500) || ' ' || left(guest_email, 500) || ' ' || left(reference, 500)
), '[[:space:]]+'), ''))`;

/**
 * The search as a tsquery's text: each word a quoted prefix ('silva':*), all of them required.
 * Inside quotes only a quote and a backslash are special (escaped here), so "o'brien", "a&b" or
 * "hvh-4k" are taken literally. Lower-cased by PostgreSQL, as the index's words are.
 */
export function bookingSearchQuery(words: string[]): string {
  return words.map((word) => `'${word.replace(/['\\]/g, (c) => `\\${c}`)}':*`).join(" & ");
}

/**
 * The conditions of a search: the property's bookings, the filters, and each word the start of
 * a word of the booking ("silva" finds "Ana Silva", "Silva Costa" and "Maria da Silva",
 * "hvh-4k" a reference, "ana@" an e-mail), in any capitals.
 */
function searchConditions({ propertyId, filters, words }: BookingSearch): Prisma.Sql[] {
  const conditions = [Prisma.sql`property_id = ${propertyId}`];
  if (filters.status) conditions.push(Prisma.sql`status = ${filters.status}::"BookingStatus"`);
  if (filters.checkinFrom) conditions.push(Prisma.sql`checkin >= ${filters.checkinFrom}::date`);
  if (filters.checkinTo) conditions.push(Prisma.sql`checkin <= ${filters.checkinTo}::date`);
  if (filters.groupId) conditions.push(Prisma.sql`group_id = ${filters.groupId}`);
  if (words.length) conditions.push(Prisma.sql`${BOOKING_SEARCH_WORDS} @@ lower(${bookingSearchQuery(words)})::tsquery`);
  return conditions;
}

/**
 * One page of a search and its count, in one statement: the matches are found once, from the
 * words' index (a materialised CTE, so no plan can trade the index for a walk of the newest
 * bookings filtered row by row, which reads the whole property when the words are rare), then
 * counted, and the page's ids taken newest first after the cursor: one more than the page, to
 * tell whether another follows. The count reads every match anyway, so the page costs no more.
 */
export function searchSql(search: BookingSearch): Prisma.Sql {
  const after = search.filters.cursor ? decodeBookingCursor(search.filters.cursor) : undefined;
  const page = after ? Prisma.sql`WHERE (created_at, id) < (${after.createdAt}::timestamptz, ${after.id})` : Prisma.empty;
  return Prisma.sql`
    WITH matches AS MATERIALIZED (SELECT id, created_at FROM bookings WHERE ${Prisma.join(searchConditions(search), " AND ")})
    SELECT (SELECT count(*)::int FROM matches) AS total,
           ARRAY(SELECT id FROM matches ${page} ORDER BY created_at DESC, id DESC LIMIT ${(search.filters.limit ?? 25) + 1}) AS ids`;
}

/**
 * The panel's bookings list: a page of the property's bookings that the filters and the search
 * words select, newest first, and how many they select in all. Without words it is the list of
 * GET /bookings (listBookings, countBookings); with words the words' index finds the matches
 * (searchSql), and the page's bookings are then read by id.
 * Pages continue with the same cursors either way.
 */
export async function searchBookings(db: Db, search: BookingSearch): Promise<BookingSearchPage> {
  if (search.words.length === 0) {
    const [page, total] = await Promise.all([listBookings(db, search.propertyId, search.filters), countBookings(db, search.propertyId, search.filters)]);
    return { ...page, total };
  }
  const limit = search.filters.limit ?? 25;
  const [{ total, ids }] = await db.$queryRaw<[{ total: number; ids: string[] }]>(searchSql(search));
  const pageIds = ids.slice(0, limit);
  const rows = await db.booking.findMany({ where: { propertyId: search.propertyId, id: { in: pageIds } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const page = pageIds.flatMap((id) => byId.get(id) ?? []);
  const last = page.at(-1);
  return {
    data: page.map((row) => toBookingView(fromBookingRow(row))),
    nextCursor: ids.length > limit && last ? encodeBookingCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
    total,
  };
}
