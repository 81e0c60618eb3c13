import { daysBetween, eachDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError, validationFailed } from "@/lib/errors";
import { extrasPerNight, partyExtras, partyNightPrice } from "@/lib/rate-plans/party-price";
import { unknownRatePlan } from "@/lib/rate-plans/unknown-rate-plan";
import { ratePlanPrice } from "@/lib/rate-plans/rate-plan-price";
import type { RatesQuery } from "@/lib/schemas/rates";
import { type AriState, type CachedNight, type NightRange, type RatesNightCache, ratesNightCache } from "./rates-night-cache";

export const MAX_RATES_QUERY_NIGHTS = 366;

type NightRow = {
  room_type_id: string;
  /** The night's place in the range: 0 for `from`. */
  day: number;
  rate: number;
  available: number;
  closed: boolean;
  min_stay: number;
  max_stay: number | null;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
};

/** A night with no calendar row, after its date: not for sale. */
const NOT_FOR_SALE = JSON.stringify({ amount: null, availableRooms: 0, closed: true, minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false, plans: [] }).slice(1);

const cachedNight = (row: NightRow | undefined): CachedNight =>
  row
    ? {
        rate: row.rate,
        fields: JSON.stringify({
          availableRooms: row.available,
          closed: row.closed,
          minStay: row.min_stay,
          maxStay: row.max_stay,
          closedToArrival: row.closed_to_arrival,
          closedToDeparture: row.closed_to_departure,
        }).slice(1, -1),
      }
    : null;

/**
 * The price, free-room and restriction calendar of a property's room types, night by night, from
 * `from` to `to` (both included), as the JSON text of a RatesView (lib/schemas/rates.ts): answers
 * run to hundreds of kilobytes, and are written from text kept per night rather than serialized
 * whole. A night with no calendar row is not for sale. With a rate plan (active, of the
 * property), only the room types it is sold for, each night priced with its rule
 * (ratePlanPrice, as offers and bookings are). Each night lists its price under every active
 * plan sold for the room type (only the one asked for, when one is), for the adults its rate
 * covers (adultsIncluded, no children): partyNightPrice, the function availability prices its
 * offers with, so a night has one price for a party wherever it is read.
 *
 * Nights come from this process's copies where they are exact (lib/rates/rates-night-cache.ts:
 * brought to the property's ARI version, read first; no mark waiting on them), the others from
 * room_nights, and are kept.
 */
export async function readRatesJson(db: Db, property: { id: string; currency: string }, query: RatesQuery, cache: RatesNightCache = ratesNightCache()): Promise<string> {
  const span = daysBetween(query.from, query.to) + 1;
  if (span < 1) throw validationFailed([{ field: "to", message: "Must not be before from." }]);
  if (span > MAX_RATES_QUERY_NIGHTS) throw validationFailed([{ field: "to", message: `At most ${MAX_RATES_QUERY_NIGHTS} nights from from.` }]);
  // The state is read before any night: nights read after it hold every change it announced.
  const [state, plans, roomTypes] = await Promise.all([
    readAriState(db, property.id),
    db.ratePlan.findMany({
      where: { propertyId: property.id, active: true, ...(query.ratePlanId ? { id: query.ratePlanId } : {}) },
      orderBy: [{ standard: "desc" }, { name: "asc" }, { id: "asc" }],
      select: { id: true, roomTypeIds: true, pricePercent: true, priceAmount: true },
    }),
    db.roomType.findMany({
      where: { propertyId: property.id, ...(query.roomTypeId ? { id: query.roomTypeId } : {}) },
      orderBy: [{ basePrice: "asc" }, { name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, adultsIncluded: true, extraAdult: true },
    }),
  ]);
  const plan = query.ratePlanId ? plans[0] : undefined;
  if (query.ratePlanId && !plan) throw unknownRatePlan(query.ratePlanId);
  if (query.roomTypeId && roomTypes.length === 0) {
    throw new DomainError("unknown_room_type", `No room type "${query.roomTypeId}" at this property.`);
  }
  const sold = roomTypes.filter((roomType) => !plan?.roomTypeIds.length || plan.roomTypeIds.includes(roomType.id));
  if (query.roomTypeId && plan && sold.length === 0) throw unknownRatePlan(plan.id, roomTypes[0]!.name);
  const dates = eachDate(query.from, query.to);
  await catchUp(db, cache, property.id, state);
  const calendars = new Map(sold.map((roomType) => [roomType.id, cache.nights(property.id, state, roomType.id, dates)]));
  // Each room type's nights from its first to its last not served from the copies, in one read.
  const unread = sold.flatMap((roomType) => {
    const nights = calendars.get(roomType.id)!;
    const first = nights.indexOf(undefined);
    return first < 0 ? [] : [{ id: roomType.id, first, last: nights.lastIndexOf(undefined) }];
  });
  if (unread.length) {
    const rows = await db.$queryRaw<NightRow[]>`
      SELECT n.room_type_id, n.date - ${query.from}::date AS day, n.price AS rate,
             CASE WHEN n.closed THEN 0 ELSE n.rooms_for_sale - n.rooms_sold END AS available, n.closed,
             n.min_stay, n.max_stay, n.closed_to_arrival, n.closed_to_departure
      FROM unnest(${unread.map((r) => r.id)}::text[], ${unread.map((r) => dates[r.first])}::date[], ${unread.map((r) => dates[r.last])}::date[]) AS r(id, first, last)
      JOIN room_nights n ON n.room_type_id = r.id AND n.date BETWEEN r.first AND r.last`;
    // Nights by their place in the range (to_char on every row cost PostgreSQL more than the rest of the query).
    const read = new Map(unread.map((r) => [r.id, { first: r.first, rows: new Array<NightRow | undefined>(r.last - r.first + 1) }]));
    for (const row of rows) {
      const { first, rows: nights } = read.get(row.room_type_id)!;
      nights[row.day - first] = row;
    }
    for (const { id, first, last } of unread) {
      const nights = Array.from(read.get(id)!.rows, cachedNight);
      cache.keep(property.id, state, id, dates.slice(first, last + 1), nights);
      calendars.get(id)!.splice(first, nights.length, ...nights);
    }
  }
  const roomTypesJson = sold.map((roomType) => {
    // The room type's plans, and what its rate's own adults add to it (nothing: the rate covers them).
    const soldWith = plans.filter((p) => !p.roomTypeIds.length || p.roomTypeIds.includes(roomType.id));
    const extras = extrasPerNight(partyExtras(roomType, [], { adults: roomType.adultsIncluded, childrenAges: [] }));
    // A room type's nights have few distinct rates: each rate's amount and plans are priced and written once.
    const pricesAt = new Map<number, { amount: number; plans: string }>();
    const pricedAt = (rate: number) => {
      let prices = pricesAt.get(rate);
      if (!prices) {
        prices = {
          amount: plan ? ratePlanPrice(rate, { percent: plan.pricePercent, amount: plan.priceAmount }) : rate,
          plans: JSON.stringify(soldWith.map((p) => ({ ratePlanId: p.id, amount: partyNightPrice(rate, extras, { percent: p.pricePercent, amount: p.priceAmount }) }))),
        };
        pricesAt.set(rate, prices);
      }
      return prices;
    };
    const nights = (calendars.get(roomType.id) as CachedNight[]).map((night, day) => {
      if (!night) return `{"date":"${dates[day]}",${NOT_FOR_SALE}`;
      const { amount, plans } = pricedAt(night.rate);
      return `{"date":"${dates[day]}","amount":${amount},${night.fields},"plans":${plans}}`;
    });
    return `{"roomTypeId":${JSON.stringify(roomType.id)},"nights":[${nights.join(",")}]}`;
  });
  return `{"from":"${query.from}","to":"${query.to}","currency":${JSON.stringify(property.currency)},"roomTypes":[${roomTypesJson.join(",")}]}`;
}

/** The property's ARI version and the marks waiting for their round, in one statement. */
async function readAriState(db: Db, propertyId: string): Promise<AriState> {
  const [row] = await db.$queryRaw<AriState[]>`
    SELECT coalesce((SELECT version FROM ari_versions WHERE property_id = ${propertyId}), 0)::text AS version,
           coalesce((SELECT json_agg(json_build_object('roomTypeId', room_type_id, 'first', first_night, 'last', last_night)) FROM ari_marks WHERE property_id = ${propertyId}), '[]') AS marks`;
  return row!;
}

/** Brings the property's copy of nights to the state's version: the rounds since the copy's, or (when they are no longer all kept) no copy. */
async function catchUp(db: Db, cache: RatesNightCache, propertyId: string, state: AriState): Promise<void> {
  const from = cache.versionOf(propertyId);
  if (from === null || BigInt(from) >= BigInt(state.version)) return;
  const rounds = await db.$queryRaw<(NightRange & { version: string })[]>`
    SELECT version::text, room_type_id AS "roomTypeId", to_char(first_night, 'YYYY-MM-DD') AS first, to_char(last_night, 'YYYY-MM-DD') AS last
    FROM ari_rounds WHERE property_id = ${propertyId} AND version > ${from}::bigint AND version <= ${state.version}::bigint`;
  const complete = new Set(rounds.map((round) => round.version)).size === Number(BigInt(state.version) - BigInt(from));
  cache.catchUp(propertyId, from, state.version, complete ? rounds : null);
}
