import { daysBetween, eachDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError, validationFailed } from "@/lib/errors";
import { extrasPerNight, partyExtras, partyNightPrice } from "@/lib/rate-plans/party-price";
import { unknownRatePlan } from "@/lib/rate-plans/unknown-rate-plan";
import type { RatesQuery, RatesView } from "@/lib/schemas/rates";

export const MAX_RATES_QUERY_NIGHTS = 366;

type NightRow = {
  room_type_id: string;
  /** The night's place in the range: 0 for `from`. */
  day: number;
  rate: number;
  amount: number;
  available: number;
  closed: boolean;
  min_stay: number;
  max_stay: number | null;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
};

/**
 * The price, free-room and restriction calendar of a property's room types, night by night, from
 * `from` to `to` (both included). A night with no calendar row is not for sale. With a rate plan
 * (active, of the property), only the room types it is sold for, each night priced with its rule
 * (rate_plan_price, as offers and bookings are). Each night lists its price under every active
 * plan sold for the room type (only the one asked for, when one is), for the adults its rate
 * covers (adultsIncluded, no children): partyNightPrice, the function availability prices its
 * offers with, so a night has one price for a party wherever it is read.
 */
export async function readRates(db: Db, property: { id: string; currency: string }, query: RatesQuery): Promise<RatesView> {
  const span = daysBetween(query.from, query.to) + 1;
  if (span < 1) throw validationFailed([{ field: "to", message: "Must not be before from." }]);
  if (span > MAX_RATES_QUERY_NIGHTS) throw validationFailed([{ field: "to", message: `At most ${MAX_RATES_QUERY_NIGHTS} nights from from.` }]);
  const plans = await db.ratePlan.findMany({
    where: { propertyId: property.id, active: true, ...(query.ratePlanId ? { id: query.ratePlanId } : {}) },
    orderBy: [{ standard: "desc" }, { name: "asc" }, { id: "asc" }],
    select: { id: true, roomTypeIds: true, pricePercent: true, priceAmount: true },
  });
  const plan = query.ratePlanId ? plans[0] : undefined;
  if (query.ratePlanId && !plan) throw unknownRatePlan(query.ratePlanId);
  const roomTypes = await db.roomType.findMany({
    where: { propertyId: property.id, ...(query.roomTypeId ? { id: query.roomTypeId } : {}) },
    orderBy: [{ basePrice: "asc" }, { name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, adultsIncluded: true, extraAdult: true },
  });
  if (query.roomTypeId && roomTypes.length === 0) {
    throw new DomainError("unknown_room_type", `No room type "${query.roomTypeId}" at this property.`);
  }
  const sold = roomTypes.filter((roomType) => !plan?.roomTypeIds.length || plan.roomTypeIds.includes(roomType.id));
  if (query.roomTypeId && plan && sold.length === 0) throw unknownRatePlan(plan.id, roomTypes[0]!.name);
  const nights = await db.$queryRaw<NightRow[]>`
    SELECT n.room_type_id, n.date - ${query.from}::date AS day, n.price AS rate,
           rate_plan_price(n.price, ${plan?.pricePercent ?? null}::int, ${plan?.priceAmount ?? null}::int) AS amount,
           CASE WHEN n.closed THEN 0 ELSE n.rooms_for_sale - n.rooms_sold END AS available, n.closed,
           n.min_stay, n.max_stay, n.closed_to_arrival, n.closed_to_departure
    FROM room_nights n
    WHERE n.room_type_id = ANY(${sold.map((roomType) => roomType.id)}::text[]) AND n.date BETWEEN ${query.from}::date AND ${query.to}::date`;
  // Each room type's nights by their place in the range (to_char on every row cost PostgreSQL more than the rest of the query).
  const dates = eachDate(query.from, query.to);
  const byRoomType = new Map<string, (NightRow | undefined)[]>(sold.map((roomType) => [roomType.id, new Array<NightRow | undefined>(dates.length)]));
  for (const night of nights) byRoomType.get(night.room_type_id)![night.day] = night;
  return {
    from: query.from,
    to: query.to,
    currency: property.currency,
    roomTypes: sold.map((roomType) => {
      // The room type's plans, and what its rate's own adults add to it (nothing: the rate covers them).
      const soldWith = plans.filter((p) => !p.roomTypeIds.length || p.roomTypeIds.includes(roomType.id));
      const extras = extrasPerNight(partyExtras(roomType, [], { adults: roomType.adultsIncluded, childrenAges: [] }));
      const plansOf = (rate: number) => soldWith.map((p) => ({ ratePlanId: p.id, amount: partyNightPrice(rate, extras, { percent: p.pricePercent, amount: p.priceAmount }) }));
      const calendar = byRoomType.get(roomType.id)!;
      return {
        roomTypeId: roomType.id,
        nights: dates.map((date, day) => {
          const night = calendar[day];
          if (!night) return { date, amount: null, availableRooms: 0, closed: true, minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false, plans: [] };
          return {
            date,
            amount: night.amount,
            availableRooms: night.available,
            closed: night.closed,
            minStay: night.min_stay,
            maxStay: night.max_stay,
            closedToArrival: night.closed_to_arrival,
            closedToDeparture: night.closed_to_departure,
            plans: plansOf(night.rate),
          };
        }),
      };
    }),
  };
}
