import type { Clock } from "@/lib/clock";
import { daysBetween, toDbDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { stayRuleErrors } from "@/lib/bookings/stay-rules";
import { validationFailed } from "@/lib/errors";
import { propertyToday } from "@/lib/properties/property-today";
import type { AvailabilityQuery, AvailabilityView } from "@/lib/schemas/availability";

type Row = {
  id: string;
  name: string;
  description: string;
  max_adults: number;
  available: number;
  total: bigint;
  nightly: { date: string; amount: number }[];
};

/**
 * Room types that can take the stay: enough capacity, and every night of [checkin, checkout)
 * on the calendar, open and with a room free. Cheapest first; one query.
 */
export async function searchAvailability(
  db: Db,
  property: { id: string; timezone: string; currency: string },
  query: AvailabilityQuery,
  clock?: Clock,
): Promise<AvailabilityView> {
  const errors = stayRuleErrors(query, propertyToday(property, clock));
  if (errors.length) throw validationFailed(errors);
  const nights = daysBetween(query.checkin, query.checkout);
  const rows = await db.$queryRaw<Row[]>`
    SELECT rt.id, rt.name, rt.description, rt.max_adults,
           MIN(n.rooms_for_sale - n.rooms_sold)::int AS available,
           SUM(n.price) AS total,
           json_agg(json_build_object('date', to_char(n.date, 'YYYY-MM-DD'), 'amount', n.price) ORDER BY n.date) AS nightly
    FROM room_types rt
    JOIN room_nights n ON n.room_type_id = rt.id AND n.date >= ${toDbDate(query.checkin)}::date AND n.date < ${toDbDate(query.checkout)}::date
    WHERE rt.property_id = ${property.id} AND rt.max_adults >= ${query.adults}
    GROUP BY rt.id
    HAVING COUNT(*) = ${nights} AND NOT bool_or(n.closed) AND MIN(n.rooms_for_sale - n.rooms_sold) > 0
    ORDER BY SUM(n.price), rt.name, rt.id`;
  return {
    checkin: query.checkin,
    checkout: query.checkout,
    nights,
    adults: query.adults,
    roomTypes: rows.map((row) => ({
      roomTypeId: row.id,
      name: row.name,
      description: row.description,
      maxAdults: row.max_adults,
      availableRooms: row.available,
      price: { amount: Number(row.total), currency: property.currency },
      nightly: row.nightly,
    })),
  };
}

