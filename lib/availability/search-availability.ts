import type { Clock } from "@/lib/clock";
import { addDays, daysBetween, type CalendarDate } from "@/lib/dates/calendar-date";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { batchedPerDb } from "@/lib/db-batch";
import { stayRuleErrors } from "@/lib/bookings/stay-rules";
import { validationFailed } from "@/lib/errors";
import { propertyToday } from "@/lib/properties/property-today";
import { cancellationTermsView } from "@/lib/rate-plans/cancellation-terms-view";
import { unknownRatePlan } from "@/lib/rate-plans/unknown-rate-plan";
import type { CancellationTerms } from "@/lib/schemas/rate-plans";
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
  /** The rate plans' offers, cheapest first: each plan's nightly prices and its cancellation terms (cancellation_terms). */
  offers: { ratePlanId: string; name: string; total: number; prices: number[]; cancellation: CancellationTerms }[];
};

/**
 * One availability search: a property's stay of `nights` nights, [checkin, checkout), for
 * `adults`; `today` at the property and its time zone and currency (for the cancellation terms),
 * and the one rate plan to offer (null: every active plan).
 */
export type AvailabilitySearch = {
  propertyId: string;
  checkin: string;
  checkout: string;
  adults: number;
  nights: number;
  today: string;
  timezone: string;
  currency: string;
  ratePlanId: string | null;
};

/**
 * Room types that can take each search's stay: enough capacity, every night of [checkin,
 * checkout) on the calendar, open and with a room free, and the stay restrictions met (the
 * arrival night's closed_to_arrival, min_stay and max_stay, the departure date's
 * closed_to_departure: stay_restriction's rules, as one pass over the same rows); per search
 * (`search`: its position in the arrays, from 1), cheapest first. Parameters: one array per
 * field of AvailabilitySearch, one element per search: one statement answers every search
 * started in the same turn of the event loop (findAvailableRoomTypes).
 *
 * Each room type's nights (and its departure date's row) are aggregated on their own (a lateral
 * subquery on the primary key's range); the prices come back as an integer array, the dates
 * being the stay's. Each active rate plan sold for the room type is then priced from that array
 * (rate_plan_price) with its cancellation terms (free_cancellation_until, cancellation_fee_from,
 * cancellation_fee_amount, cancellation_terms: SQL functions PostgreSQL inlines): the offers, as
 * one JSON array per room type. Pricing and terms are the database's, the same functions as book_stay's.
 */
export const AVAILABILITY: HotStatement = {
  name: "availability",
  text: `
  SELECT q.search::int AS search, rt.id, rt.name, rt.description, rt.max_adults, stay.available, stay.total, stay.prices, offers.offers
  FROM unnest($1::text[], $2::date[], $3::date[], $4::int[], $5::int[], $6::date[], $7::text[], $8::text[], $9::text[])
    WITH ORDINALITY AS q(property_id, checkin, checkout, adults, nights, today, tz, currency, rate_plan_id, search)
  JOIN room_types rt ON rt.property_id = q.property_id AND rt.max_adults >= q.adults
  CROSS JOIN LATERAL (
    SELECT MIN(n.rooms_for_sale - n.rooms_sold) FILTER (WHERE n.date < q.checkout)::int AS available,
           SUM(n.price) FILTER (WHERE n.date < q.checkout) AS total,
           array_agg(n.price ORDER BY n.date) FILTER (WHERE n.date < q.checkout) AS prices,
           COUNT(*) FILTER (WHERE n.date < q.checkout) AS nights,
           bool_or(n.closed) FILTER (WHERE n.date < q.checkout) AS closed,
           bool_or(CASE
             WHEN n.date = q.checkin THEN n.closed_to_arrival OR q.nights < n.min_stay OR q.nights > COALESCE(n.max_stay, q.nights)
             WHEN n.date = q.checkout THEN n.closed_to_departure
             ELSE false END) AS restricted
    FROM room_nights n
    WHERE n.room_type_id = rt.id AND n.date >= q.checkin AND n.date <= q.checkout
  ) stay
  CROSS JOIN LATERAL (
    SELECT jsonb_agg(jsonb_build_object('ratePlanId', o.id, 'name', o.name, 'total', o.total, 'prices', o.prices,
             'cancellation', cancellation_terms(o.free_until, cancellation_fee_from(o.free_until, q.tz),
               cancellation_fee_amount(o.cancellation_type, o.cancellation_fee, o.prices[1], o.total), q.currency))
           ORDER BY o.total, o.standard DESC, o.name, o.id) AS offers
    FROM (
      SELECT rp.id, rp.name, rp.standard, rp.cancellation_type, rp.cancellation_fee, priced.prices,
             free_cancellation_until(rp.cancellation_type, rp.free_days_before, q.checkin, q.today) AS free_until,
             (SELECT sum(x) FROM unnest(priced.prices) AS x) AS total
      FROM rate_plans rp
      CROSS JOIN LATERAL (
        SELECT array(SELECT rate_plan_price(u.rate, rp.price_percent, rp.price_amount) FROM unnest(stay.prices) WITH ORDINALITY AS u(rate, i) ORDER BY u.i) AS prices
      ) priced
      WHERE rp.property_id = q.property_id AND rp.active
        AND (cardinality(rp.room_type_ids) = 0 OR rt.id = ANY(rp.room_type_ids))
        AND (q.rate_plan_id IS NULL OR rp.id = q.rate_plan_id)
    ) o
  ) offers
  WHERE stay.nights = q.nights AND NOT stay.closed AND stay.available > 0 AND NOT stay.restricted AND offers.offers IS NOT NULL
  ORDER BY q.search, stay.total, rt.name, rt.id`,
};

export function availabilitySearch(
  property: { id: string; timezone: string; currency: string },
  query: Pick<AvailabilityQuery, "checkin" | "checkout" | "adults" | "ratePlanId">,
  today: CalendarDate,
): AvailabilitySearch {
  return {
    propertyId: property.id,
    checkin: query.checkin,
    checkout: query.checkout,
    adults: query.adults,
    nights: daysBetween(query.checkin, query.checkout),
    today,
    timezone: property.timezone,
    currency: property.currency,
    ratePlanId: query.ratePlanId ?? null,
  };
}

/**
 * The room types that can take the stay (AVAILABILITY): the searches started in one turn of the
 * event loop share one statement (lib/db-batch.ts), each getting only the rows of its own search.
 */
export const findAvailableRoomTypes = batchedPerDb(async (db: Db, searches: readonly AvailabilitySearch[]): Promise<AvailabilityRow[][]> => {
  const { rows } = await queryHot<AvailabilityRow & { search: number }>(db, AVAILABILITY, [
    searches.map((search) => search.propertyId),
    searches.map((search) => search.checkin),
    searches.map((search) => search.checkout),
    searches.map((search) => search.adults),
    searches.map((search) => search.nights),
    searches.map((search) => search.today),
    searches.map((search) => search.timezone),
    searches.map((search) => search.currency),
    searches.map((search) => search.ratePlanId),
  ]);
  const bySearch: AvailabilityRow[][] = searches.map(() => []);
  for (const row of rows) bySearch[row.search - 1]!.push(row);
  return bySearch;
});

/**
 * The availability search (GET /availability): one statement on the pool, after the stay rules.
 * A ratePlanId that names no active plan of the property is unknown_rate_plan.
 */
export async function searchAvailability(
  db: Db,
  property: { id: string; timezone: string; currency: string },
  query: AvailabilityQuery,
  clock?: Clock,
): Promise<AvailabilityView> {
  const today = propertyToday(property, clock);
  const errors = stayRuleErrors(query, today);
  if (errors.length) throw validationFailed(errors);
  if (query.ratePlanId && !(await db.ratePlan.findFirst({ where: { id: query.ratePlanId, propertyId: property.id, active: true }, select: { id: true } }))) {
    throw unknownRatePlan(query.ratePlanId);
  }
  const rows = await findAvailableRoomTypes(db, availabilitySearch(property, query, today));
  return toAvailabilityView(query, property.currency, rows);
}

/** The answer of GET /availability from the rows of AVAILABILITY: each night's price on its date. */
export function toAvailabilityView(query: Pick<AvailabilityQuery, "checkin" | "checkout" | "adults">, currency: string, rows: AvailabilityRow[]): AvailabilityView {
  const count = daysBetween(query.checkin, query.checkout);
  const nights = Array.from({ length: count }, (_, i) => addDays(query.checkin, i));
  const dated = (prices: number[]) => prices.map((amount, i) => ({ date: nights[i]!, amount }));
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
      nightly: dated(row.prices),
      offers: row.offers.map((offer) => ({
        ratePlanId: offer.ratePlanId,
        name: offer.name,
        price: { amount: offer.total, currency },
        nightly: dated(offer.prices),
        cancellation: cancellationTermsView(offer.cancellation),
      })),
    })),
  };
}
