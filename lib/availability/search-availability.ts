import type { Clock } from "@/lib/clock";
import { addDays, daysBetween, type CalendarDate } from "@/lib/dates/calendar-date";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { batchedPerDb } from "@/lib/db-batch";
import { stayRuleErrors } from "@/lib/bookings/stay-rules";
import { validationFailed } from "@/lib/errors";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import { extrasPerNight, partyExtras, partyNightPrice, partySizeErrors, type ChildAgeBand, type PartyExtra } from "@/lib/rate-plans/party-price";
import type { StoredPriceRule } from "@/lib/rate-plans/rate-plan-price";
import { unknownRatePlan } from "@/lib/rate-plans/unknown-rate-plan";
import type { AvailabilityQuery, AvailabilityView } from "@/lib/schemas/availability";

/** An active rate plan of the search's property, as AVAILABILITY returns it: its cancellation dates are the stay's. */
export type OfferedPlan = StoredPriceRule & {
  id: string;
  name: string;
  standard: boolean;
  /** Empty: sold for every room type. */
  roomTypeIds: string[];
  /** What cancelling costs once the fee applies (cancellation_fee_kind: none when it never can; non-refundable: the whole stay, from the start). */
  fee: "none" | "first_night" | "full_stay";
  freeUntil: string | null;
  /** The UTC instant the fee starts (RFC 3339, as the API writes instants). */
  feeFrom: string | null;
};

export type AvailabilityRow = {
  id: string;
  name: string;
  description: string;
  max_adults: number;
  max_children: number;
  max_occupancy: number;
  adults_included: number;
  extra_adult: number;
  available: number;
  total: string;
  /** The nightly prices in date order: one per night of the stay (stay.nights = the number of nights). */
  prices: number[];
};

/**
 * What one search found: the room types that can take the stay, the property's plans to offer
 * (only the one asked for, with a ratePlanId) and its children's age bands (with children only).
 */
export type AvailableRoomTypes = { rows: AvailabilityRow[]; plans: OfferedPlan[]; bands: ChildAgeBand[] };

/**
 * One availability search: a property's stay of `nights` nights, [checkin, checkout), for
 * `adults` and `children` (how many: their ages price the offers, not the search); `today` at the property and its time zone (for the cancellation terms), and the one
 * rate plan to offer (null: every active plan).
 */
export type AvailabilitySearch = {
  propertyId: string;
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  nights: number;
  today: string;
  timezone: string;
  ratePlanId: string | null;
};

/**
 * Room types that can take each search's stay: enough capacity for the party (adults, children,
 * both together), every night of [checkin,
 * checkout) on the calendar, open and with a room free, and the stay restrictions met (the
 * arrival night's closed_to_arrival, min_stay and max_stay, the departure date's
 * closed_to_departure: stay_restriction's rules, in the same pass over the rows); per search
 * (`search`: its position in the arrays, from 1), cheapest first. Parameters: one array per
 * field of AvailabilitySearch, one element per search: one statement answers every search
 * started in the same turn of the event loop (findAvailableRoomTypes).
 *
 * Each room type's nights (and its departure date's row) are aggregated on their own (a lateral
 * subquery on the primary key's range); the prices come back as an integer array, the dates
 * being the stay's. The property's active plans, with their price rules and their cancellation
 * dates and fee for the stay (free_cancellation_until, cancellation_fee_from, cancellation_fee_kind), are read once per search
 * in a CTE of their own (as a lateral subquery beside the room types PostgreSQL evaluated them
 * once per room type: 0.22 ms of a 0.53 ms search) and come back as JSON text, parsed once per
 * search. The nights are priced under each plan in code (ratePlanPrice, rate_plan_price's rule:
 * pricing them here in SQL cost PostgreSQL 0.13 ms a search more), by toAvailabilityView; with
 * children, the property's age bands come with the plans.
 */
export const AVAILABILITY: HotStatement = {
  name: "availability",
  intArrays: "quick",
  text: `
  WITH q AS MATERIALIZED (
    SELECT * FROM unnest($1::text[], $2::date[], $3::date[], $4::int[], $5::int[], $6::date[], $7::text[], $8::text[], $9::int[])
      WITH ORDINALITY AS q(property_id, checkin, checkout, adults, nights, today, tz, rate_plan_id, children, search)
  ), plans AS MATERIALIZED (
    SELECT q.search, json_agg(json_build_object('id', rp.id, 'name', rp.name, 'standard', rp.standard, 'roomTypeIds', rp.room_type_ids,
             'percent', rp.price_percent, 'amount', rp.price_amount,
             'fee', cancellation_fee_kind(rp.cancellation_type, rp.cancellation_fee, t.free_until, q.checkin),
             'freeUntil', t.free_until,
             'feeFrom', to_char(cancellation_fee_from(t.free_until, q.checkin, q.tz) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY rp.id)::text AS plans,
           CASE WHEN q.children > 0 THEN (SELECT p.child_age_bands::text FROM properties p WHERE p.id = q.property_id) END AS bands
    FROM q
    JOIN rate_plans rp ON rp.property_id = q.property_id AND rp.active AND (q.rate_plan_id IS NULL OR rp.id = q.rate_plan_id)
    CROSS JOIN LATERAL (SELECT free_cancellation_until(rp.cancellation_type, rp.free_days_before, q.checkin, q.today) AS free_until) t
    GROUP BY q.search, q.children, q.property_id
  )
  SELECT q.search::int AS search, rt.id, rt.name, rt.description, rt.max_adults, rt.max_children, rt.max_occupancy, rt.adults_included, rt.extra_adult,
         stay.available, stay.total, stay.prices, plans.plans, plans.bands
  FROM q
  JOIN plans ON plans.search = q.search
  JOIN room_types rt ON rt.property_id = q.property_id AND rt.max_adults >= q.adults AND rt.max_children >= q.children AND rt.max_occupancy >= q.adults + q.children
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
  WHERE stay.nights = q.nights AND NOT stay.closed AND stay.available > 0 AND NOT stay.restricted
  ORDER BY q.search, stay.total, rt.name, rt.id`,
};

export function availabilitySearch(
  property: PropertyClockFacts & { id: string },
  query: Pick<AvailabilityQuery, "checkin" | "checkout" | "adults" | "childrenAges" | "ratePlanId">,
  today: CalendarDate,
): AvailabilitySearch {
  return {
    propertyId: property.id,
    checkin: query.checkin,
    checkout: query.checkout,
    adults: query.adults,
    children: query.childrenAges?.length ?? 0,
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
export const findAvailableRoomTypes = batchedPerDb(async (db: Db, searches: readonly AvailabilitySearch[]): Promise<AvailableRoomTypes[]> => {
  const { rows } = await queryHot<AvailabilityRow & { search: number; plans: string; bands: string | null }>(db, AVAILABILITY, [
    searches.map((search) => search.propertyId),
    searches.map((search) => search.checkin),
    searches.map((search) => search.checkout),
    searches.map((search) => search.adults),
    searches.map((search) => search.nights),
    searches.map((search) => search.today),
    searches.map((search) => search.timezone),
    searches.map((search) => search.ratePlanId),
    searches.map((search) => search.children),
  ]);
  const bySearch: AvailableRoomTypes[] = searches.map(() => ({ rows: [], plans: [], bands: [] }));
  for (const { search, plans, bands, ...row } of rows) {
    const found = bySearch[search - 1]!;
    // Every row of a search carries the same plans and bands: parsed once.
    if (found.rows.length === 0) {
      found.plans = JSON.parse(plans) as OfferedPlan[];
      if (bands) found.bands = JSON.parse(bands) as ChildAgeBand[];
    }
    found.rows.push(row);
  }
  return bySearch;
});

/**
 * The availability search (GET /availability): one statement on the pool, after the stay rules.
 * A ratePlanId that names no active plan of the property is unknown_rate_plan.
 */
export async function searchAvailability(
  db: Db,
  property: PropertyClockFacts & { id: string; currency: string },
  query: AvailabilityQuery,
  clock?: Clock,
): Promise<AvailabilityView> {
  const today = propertyToday(property, clock);
  const errors = [...stayRuleErrors(query, today), ...partySizeErrors({ adults: query.adults, childrenAges: query.childrenAges ?? [] })];
  if (errors.length) throw validationFailed(errors);
  if (query.ratePlanId && !(await db.ratePlan.findFirst({ where: { id: query.ratePlanId, propertyId: property.id, active: true }, select: { id: true } }))) {
    throw unknownRatePlan(query.ratePlanId);
  }
  const found = await findAvailableRoomTypes(db, availabilitySearch(property, query, today));
  return toAvailabilityView(query, property.currency, found);
}

/**
 * The answer of GET /availability from what AVAILABILITY found: each room type priced for the
 * party (each night's rate plus the party's extras: partyExtras); each plan sold for the room type
 * an offer (its nightly amounts (partyNightPrice), their total, and its terms: the fee is none,
 * the first night or the whole stay, as cancellation_fee_amount has it for bookings), cheapest
 * first; the room types cheapest first for the party. A room type no plan of the search is sold
 * for is not offered.
 */
export function toAvailabilityView(
  query: Pick<AvailabilityQuery, "checkin" | "checkout" | "adults" | "childrenAges">,
  currency: string,
  { rows, plans, bands }: AvailableRoomTypes,
): AvailabilityView {
  const count = daysBetween(query.checkin, query.checkout);
  const nights = Array.from({ length: count }, (_, i) => addDays(query.checkin, i));
  const dated = (prices: number[]) => prices.map((amount, i) => ({ date: nights[i]!, amount }));
  const party = { adults: query.adults, childrenAges: query.childrenAges ?? [] };
  const money = (amount: number) => ({ amount, currency });
  const found: { roomType: AvailabilityView["roomTypes"][number]; total: number }[] = [];
  for (const row of rows) {
    const extras = partyExtras({ adultsIncluded: row.adults_included, extraAdult: row.extra_adult }, bands, party);
    const perNight = extrasPerNight(extras);
    const extrasView = extras.map(extraView(money));
    const offers = offersOf(row, plans, perNight).map(({ plan, amounts, total }) => ({
      ratePlanId: plan.id,
      name: plan.name,
      price: money(total),
      nightly: dated(amounts),
      extras: extrasView,
      cancellation: {
        refundable: plan.freeUntil !== null,
        freeUntil: plan.freeUntil,
        feeFrom: plan.feeFrom,
        fee: money(plan.fee === "none" ? 0 : plan.fee === "first_night" ? amounts[0]! : total),
      },
    }));
    if (offers.length === 0) continue;
    const total = Number(row.total) + perNight * count;
    const roomType = {
      roomTypeId: row.id,
      name: row.name,
      description: row.description,
      maxAdults: row.max_adults,
      maxChildren: row.max_children,
      maxOccupancy: row.max_occupancy,
      availableRooms: row.available,
      price: money(total),
      nightly: dated(perNight === 0 ? row.prices : row.prices.map((rate) => rate + perNight)),
      extras: extrasView,
      offers,
    };
    found.push({ roomType, total });
  }
  // AVAILABILITY sorted them by their rates; a party's extras may differ by room type.
  if (found.some(({ roomType }) => roomType.extras.length > 0)) {
    found.sort((a, b) => a.total - b.total || a.roomType.name.localeCompare(b.roomType.name) || a.roomType.roomTypeId.localeCompare(b.roomType.roomTypeId));
  }
  return {
    checkin: query.checkin,
    checkout: query.checkout,
    nights: count,
    adults: query.adults,
    childrenAges: party.childrenAges,
    roomTypes: found.map(({ roomType }) => roomType),
  };
}

/** An extra as the API shows it (its field order is the API's). */
function extraView(money: (amount: number) => { amount: number; currency: string }) {
  return (extra: PartyExtra) =>
    extra.kind === "adult" ? { kind: extra.kind, count: extra.count, amount: money(extra.amount) } : { kind: extra.kind, band: extra.band, count: extra.count, amount: money(extra.amount) };
}

/** The plans sold for the row's room type, each with its nightly amounts for the party and their total, cheapest first (the Standard plan first among equals). */
function offersOf(row: AvailabilityRow, plans: OfferedPlan[], extrasPerNight: number) {
  const offers = plans.flatMap((plan) => {
    if (plan.roomTypeIds.length > 0 && !plan.roomTypeIds.includes(row.id)) return [];
    const amounts = row.prices.map((rate) => partyNightPrice(rate, extrasPerNight, plan));
    return [{ plan, amounts, total: amounts.reduce((sum, amount) => sum + amount, 0) }];
  });
  return offers.sort((a, b) => a.total - b.total || Number(b.plan.standard) - Number(a.plan.standard) || a.plan.name.localeCompare(b.plan.name) || a.plan.id.localeCompare(b.plan.id));
}
