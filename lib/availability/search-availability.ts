import type { Clock } from "@/lib/clock";
import { addDays, daysBetween } from "@/lib/dates/calendar-date";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { stayRuleErrors } from "@/lib/bookings/stay-rules";
import { validationFailed } from "@/lib/errors";
import { propertyToday } from "@/lib/properties/property-today";
import type { AvailabilityQuery, AvailabilityView } from "@/lib/schemas/availability";

export type AvailabilityRow = {
  id: string;
  name: string;
  description: string;
  max_adults: number;
  available: number;
  total: string;
  /** The nightly prices in date order: one per night of the stay (stay.nights = the number of nights). */
  prices: number[];
};

/**
 * Room types that can take the stay: enough capacity, and every night of [checkin, checkout)
 * on the calendar, open and with a room free; cheapest first. Parameters: property id, check-in,
 * check-out (YYYY-MM-DD), adults, number of nights (availabilityParameters). Each room type's
 * nights are aggregated on their own (a lateral subquery on the primary key's range) and the
 * prices come back as an integer array, the dates being the stay's: this took PostgreSQL's CPU
 * per search from about 0.23 to 0.13 ms against a json_agg of dated objects over one grouped join.
 */
export const AVAILABILITY: HotStatement = {
  name: "availability",
  text: `
  SELECT rt.id, rt.name, rt.description, rt.max_adults, stay.available, stay.total, stay.prices
  FROM room_types rt
  CROSS JOIN LATERAL (
    SELECT MIN(n.rooms_for_sale - n.rooms_sold)::int AS available, SUM(n.price) AS total,
           array_agg(n.price ORDER BY n.date) AS prices, COUNT(*) AS nights, bool_or(n.closed) AS closed
    FROM room_nights n
    WHERE n.room_type_id = rt.id AND n.date >= $2::date AND n.date < $3::date
  ) stay
  WHERE rt.property_id = $1 AND rt.max_adults >= $4 AND stay.nights = $5 AND NOT stay.closed AND stay.available > 0
  ORDER BY stay.total, rt.name, rt.id`,
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
  const { rows } = await queryHot<AvailabilityRow>(db, AVAILABILITY, parameters);
  return toAvailabilityView(query, property.currency, rows);
}

/** The answer of GET /availability from the rows of AVAILABILITY: each night's price on its date. */
export function toAvailabilityView(query: Pick<AvailabilityQuery, "checkin" | "checkout" | "adults">, currency: string, rows: AvailabilityRow[]): AvailabilityView {
  const count = daysBetween(query.checkin, query.checkout);
  const nights = Array.from({ length: count }, (_, i) => addDays(query.checkin, i));
  return {
    checkin: query.checkin,
    checkout: query.checkout,
    nights: count,
    adults: query.adults,
    roomTypes: rows.map((row) => ({
      roomTypeId: row.id,
      name: row.name,
      description: row.description,
      maxAdults: row.max_adults,
      availableRooms: row.available,
      price: { amount: Number(row.total), currency },
      nightly: row.prices.map((amount, i) => ({ date: nights[i]!, amount })),
    })),
  };
}
