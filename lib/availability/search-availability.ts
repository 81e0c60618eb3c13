import type { Clock } from "@/lib/clock";
import { addDays, daysBetween, type CalendarDate } from "@/lib/dates/calendar-date";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { batchedPerDb } from "@/lib/db-batch";
import { stayRuleErrors } from "@/lib/bookings/stay-rules";
import { validationFailed } from "@/lib/errors";
import { propertyToday } from "@/lib/properties/property-today";
import { unknownRatePlan } from "@/lib/rate-plans/unknown-rate-plan";
import type { AvailabilityQuery, AvailabilityView } from "@/lib/schemas/availability";

/** An active rate plan of the search's property, as AVAILABILITY returns it: its cancellation dates are the stay's. */
type OfferedPlan = {
  id: string;
  name: string;
  standard: boolean;
  /** Empty: sold for every room type. */
  roomTypeIds: string[];
  /** What cancelling costs once the fee applies (non-refundable: the whole stay, from the start). */
  fee: "first_night" | "full_stay";
  freeUntil: string | null;
  /** The UTC instant the fee starts (RFC 3339, as the API writes instants). */
  feeFrom: string | null;
};

export type AvailabilityRow = {
  id: string;
  name: string;
  description: string;
  max_adults: number;
  available: number;
  total: string;
  /** The nightly prices in date order: one per night of the stay (stay.nights = the number of nights). */
  prices: number[];
  /** The nightly prices under each plan of `plans`, in that order, night after night: plans × nights amounts (rate_plan_price). */
  amounts: number[];
  /** The property's active plans (only the one asked for, with a ratePlanId); null when none. */
  plans: OfferedPlan[] | null;
};

/**
 * One availability search: a property's stay of `nights` nights, [checkin, checkout), for
 * `adults`; `today` at the property and its time zone (for the cancellation terms), and the one
 * rate plan to offer (null: every active plan).
 */
export type AvailabilitySearch = {
  propertyId: string;
  checkin: string;
  checkout: string;
  adults: number;
  nights: number;
  today: string;
  timezone: string;
  ratePlanId: string | null;
};

/**
 * Room types that can take each search's stay: enough capacity, every night of [checkin,
 * checkout) on the calendar, open and with a room free, and the stay restrictions met (the
 * arrival night's closed_to_arrival, min_stay and max_stay, the departure date's
 * closed_to_departure: stay_restriction's rules, in the same pass over the rows); per search
 * (`search`: its position in the arrays, from 1), cheapest first. Parameters: one array per
 * field of AvailabilitySearch, one element per search: one statement answers every search
 * started in the same turn of the event loop (findAvailableRoomTypes).
 *
 * Each room type's nights (and its departure date's row) are aggregated on their own (a lateral
 * subquery on the primary key's range); the prices come back as an integer array, the dates
 * being the stay's. The property's active plans are read once per search, with their
 * cancellation dates for the stay (free_cancellation_until, cancellation_fee_from); each room
 * type's nights are then priced under every plan in one aggregate (rate_plan_price, as
 * book_stay prices a booking): `amounts`, plan after plan. Which plans are sold for which room
 * type, each offer's total and its fee are put together by toAvailabilityView. (Offers built as
 * JSON per room type and plan in SQL had cost PostgreSQL 1.3 ms a search against 0.17 without
 * offers; this costs about 0.37 ms.)
 */
export const AVAILABILITY: HotStatement = {
  name: "availability",
  intArrays: "quick",
  text: `
  SELECT q.search::int AS search, rt.id, rt.name, rt.description, rt.max_adults, stay.available, stay.total, stay.prices, priced.amounts, plans.plans
  FROM unnest($1::text[], $2::date[], $3::date[], $4::int[], $5::int[], $6::date[], $7::text[], $8::text[])
    WITH ORDINALITY AS q(property_id, checkin, checkout, adults, nights, today, tz, rate_plan_id, search)
  CROSS JOIN LATERAL (
    SELECT json_agg(json_build_object('id', rp.id, 'name', rp.name, 'standard', rp.standard, 'roomTypeIds', rp.room_type_ids,
             'fee', CASE WHEN rp.cancellation_type = 'free_until' THEN rp.cancellation_fee ELSE 'full_stay' END,
             'freeUntil', t.free_until,
             'feeFrom', to_char(cancellation_fee_from(t.free_until, q.tz) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY rp.id) AS plans,
           array_agg(rp.price_percent ORDER BY rp.id) AS percents, array_agg(rp.price_amount ORDER BY rp.id) AS amounts
    FROM rate_plans rp
    CROSS JOIN LATERAL (SELECT free_cancellation_until(rp.cancellation_type, rp.free_days_before, q.checkin, q.today) AS free_until) t
    WHERE rp.property_id = q.property_id AND rp.active AND (q.rate_plan_id IS NULL OR rp.id = q.rate_plan_id)
  ) plans
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
    SELECT array_agg(rate_plan_price(r.rate, p.percent, p.amount) ORDER BY p.i, r.j) AS amounts
    FROM unnest(plans.percents, plans.amounts) WITH ORDINALITY AS p(percent, amount, i)
    CROSS JOIN unnest(stay.prices) WITH ORDINALITY AS r(rate, j)
  ) priced
  WHERE stay.nights = q.nights AND NOT stay.closed AND stay.available > 0 AND NOT stay.restricted
  ORDER BY q.search, stay.total, rt.name, rt.id`,
};

export function availabilitySearch(
  property: { id: string; timezone: string },
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

/**
 * The answer of GET /availability from the rows of AVAILABILITY: each night's price on its date;
 * each plan sold for the room type an offer (its nightly amounts, their total, and its terms:
 * the fee is the first night or the whole stay, as cancellation_fee_amount has it for bookings),
 * cheapest first. A room type no plan of the search is sold for is not offered.
 */
export function toAvailabilityView(query: Pick<AvailabilityQuery, "checkin" | "checkout" | "adults">, currency: string, rows: AvailabilityRow[]): AvailabilityView {
  const count = daysBetween(query.checkin, query.checkout);
  const nights = Array.from({ length: count }, (_, i) => addDays(query.checkin, i));
  const dated = (prices: number[]) => prices.map((amount, i) => ({ date: nights[i]!, amount }));
  const roomTypes: AvailabilityView["roomTypes"] = [];
  for (const row of rows) {
    const offers = offersOf(row, count).map(({ plan, amounts, total }) => ({
      ratePlanId: plan.id,
      name: plan.name,
      price: { amount: total, currency },
      nightly: dated(amounts),
      cancellation: {
        refundable: plan.freeUntil !== null,
        freeUntil: plan.freeUntil,
        feeFrom: plan.feeFrom,
        fee: { amount: plan.fee === "first_night" ? amounts[0]! : total, currency },
      },
    }));
    if (offers.length === 0) continue;
    roomTypes.push({
      roomTypeId: row.id,
      name: row.name,
      description: row.description,
      maxAdults: row.max_adults,
      availableRooms: row.available,
      price: { amount: Number(row.total), currency },
      nightly: dated(row.prices),
      offers,
    });
  }
  return { checkin: query.checkin, checkout: query.checkout, nights: count, adults: query.adults, roomTypes };
}

/** The plans sold for the row's room type, each with its slice of `amounts` and their total, cheapest first (the Standard plan first among equals). */
function offersOf(row: AvailabilityRow, nights: number) {
  const offers = (row.plans ?? []).flatMap((plan, k) => {
    if (plan.roomTypeIds.length > 0 && !plan.roomTypeIds.includes(row.id)) return [];
    const amounts = row.amounts.slice(k * nights, (k + 1) * nights);
    return [{ plan, amounts, total: amounts.reduce((sum, amount) => sum + amount, 0) }];
  });
  return offers.sort((a, b) => a.total - b.total || Number(b.plan.standard) - Number(a.plan.standard) || a.plan.name.localeCompare(b.plan.name) || a.plan.id.localeCompare(b.plan.id));
}
