import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";

/** At most this many bookings are listed per group; the counts cover them all. */
export const TODAYS_LIST_LIMIT = 50;

export type TodaysBooking = {
  id: string;
  reference: string;
  guest: string;
  roomType: string;
  adults: number;
  checkin: CalendarDate;
  checkout: CalendarDate;
};

/** Confirmed bookings of one kind today: how many, their adults, and the first TODAYS_LIST_LIMIT by guest name. */
export type TodaysGroup = { count: number; adults: number; bookings: TodaysBooking[] };

export type TodaysGuests = { arrivals: TodaysGroup; departures: TodaysGroup; inHouse: TodaysGroup };

type Row = {
  kind: keyof TodaysGuests;
  total: number;
  total_adults: number;
  id: string;
  reference: string;
  first_name: string;
  last_name: string;
  room_type: string;
  adults: number;
  checkin: string;
  checkout: string;
};

/**
 * Today's confirmed bookings at the property: arrivals (check-in today), departures (check-out
 * today) and in house (check-in ≤ today < check-out, so today's arrivals are in house too).
 * One query: the database counts each group and returns its first rows.
 */
export async function readTodaysGuests(db: Db, propertyId: string, today: CalendarDate): Promise<TodaysGuests> {
  const rows = await db.$queryRaw<Row[]>`
    WITH todays AS (
      SELECT CASE g.kind WHEN 1 THEN 'arrivals' WHEN 2 THEN 'departures' ELSE 'inHouse' END AS kind, b.*
      FROM bookings b
      CROSS JOIN (VALUES (1), (2), (3)) AS g(kind)
      WHERE b.property_id = ${propertyId} AND b.status = 'confirmed'
        AND b.checkin <= ${today}::date AND b.checkout >= ${today}::date
        AND CASE g.kind WHEN 1 THEN b.checkin = ${today}::date
                        WHEN 2 THEN b.checkout = ${today}::date
                        ELSE b.checkout > ${today}::date END
    ), ranked AS (
      SELECT t.*, count(*) OVER w AS total, sum(t.adults) OVER w AS total_adults,
             row_number() OVER (PARTITION BY t.kind ORDER BY t.guest_last_name, t.guest_first_name, t.reference) AS n
      FROM todays t
      WINDOW w AS (PARTITION BY t.kind)
    )
    SELECT r.kind, r.total::int AS total, r.total_adults::int AS total_adults, r.id, r.reference,
           r.guest_first_name AS first_name, r.guest_last_name AS last_name, rt.name AS room_type, r.adults,
           to_char(r.checkin, 'YYYY-MM-DD') AS checkin, to_char(r.checkout, 'YYYY-MM-DD') AS checkout
    FROM ranked r
    JOIN room_types rt ON rt.id = r.room_type_id
    WHERE r.n <= ${TODAYS_LIST_LIMIT}
    ORDER BY r.kind, r.n`;
  const guests: TodaysGuests = { arrivals: emptyGroup(), departures: emptyGroup(), inHouse: emptyGroup() };
  for (const row of rows) {
    const group = guests[row.kind];
    group.count = row.total;
    group.adults = row.total_adults;
    group.bookings.push({
      id: row.id,
      reference: row.reference,
      guest: `${row.first_name} ${row.last_name}`,
      roomType: row.room_type,
      adults: row.adults,
      checkin: row.checkin,
      checkout: row.checkout,
    });
  }
  return guests;
}

function emptyGroup(): TodaysGroup {
  return { count: 0, adults: 0, bookings: [] };
}
