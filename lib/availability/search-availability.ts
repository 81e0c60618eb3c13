import type { Clock } from "@/lib/clock";
import { daysBetween } from "@/lib/dates/calendar-date";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
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
  total: string;
  nightly: { date: string; amount: number }[];
};

/**
 * Room types that can take the stay: enough capacity, and every night of [checkin, checkout)
 * on the calendar, open and with a room free; cheapest first. Parameters: property id, check-in,
 * check-out (YYYY-MM-DD), adults, number of nights (availabilityParameters).
 */
export const AVAILABILITY: HotStatement = {
  name: "availability",
  text: `
  SELECT rt.id, rt.name, rt.description, rt.max_adults,
         MIN(n.rooms_for_sale - n.rooms_sold)::int AS available,
         SUM(n.price) AS total,
         json_agg(json_build_object('date', to_char(n.date, 'YYYY-MM-DD'), 'amount', n.price) ORDER BY n.date) AS nightly
  FROM room_types rt
  JOIN room_nights n ON n.room_type_id = rt.id AND n.date >= $2::date AND n.date < $3::date
  WHERE rt.property_id = $1 AND rt.max_adults >= $4
  GROUP BY rt.id
  HAVING COUNT(*) = $5 AND NOT bool_or(n.closed) AND MIN(n.rooms_for_sale - n.rooms_sold) > 0
  ORDER BY SUM(n.price), rt.name, rt.id`,
};

export function availabilityParameters(propertyId: string, query: Pick<AvailabilityQuery, "checkin" | "checkout" | "adults">): [string, string, string, number, number] {
  return [propertyId, query.checkin, query.checkout, query.adults, daysBetween(query.checkin, query.checkout)];
}

/** The availability search (GET /availability): one query on the pool, after the stay rules. */
export async function searchAvailability(
  db: Db,
  property: { id: string; timezone: string; currency: string },
  query: AvailabilityQuery,
  clock?: Clock,
): Promise<AvailabilityView> {
  const errors = stayRuleErrors(query, propertyToday(property, clock));
  if (errors.length) throw validationFailed(errors);
  const parameters = availabilityParameters(property.id, query);
  const { rows } = await queryHot<Row>(db, AVAILABILITY, parameters);
  return {
    checkin: query.checkin,
    checkout: query.checkout,
    nights: parameters[4],
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
