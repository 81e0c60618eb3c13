import { daysBetween, eachDate, fromDbDate, toDbDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError, validationFailed } from "@/lib/errors";
import type { RatesQuery, RatesView } from "@/lib/schemas/rates";

export const MAX_RATES_QUERY_NIGHTS = 366;

/**
 * The price and free-room calendar of a property's room types, night by night, from `from`
 * to `to` (both included). A night with no calendar row is not for sale.
 */
export async function readRates(db: Db, property: { id: string; currency: string }, query: RatesQuery): Promise<RatesView> {
  const span = daysBetween(query.from, query.to) + 1;
  if (span < 1) throw validationFailed([{ field: "to", message: "Must not be before from." }]);
  if (span > MAX_RATES_QUERY_NIGHTS) throw validationFailed([{ field: "to", message: `At most ${MAX_RATES_QUERY_NIGHTS} nights from from.` }]);
  const roomTypes = await db.roomType.findMany({
    where: { propertyId: property.id, ...(query.roomTypeId ? { id: query.roomTypeId } : {}) },
    orderBy: [{ basePrice: "asc" }, { name: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  if (query.roomTypeId && roomTypes.length === 0) {
    throw new DomainError("unknown_room_type", `No room type "${query.roomTypeId}" at this property.`);
  }
  const nights = await db.roomNight.findMany({
    where: { roomTypeId: { in: roomTypes.map((r) => r.id) }, date: { gte: toDbDate(query.from), lte: toDbDate(query.to) } },
    select: { roomTypeId: true, date: true, price: true, roomsForSale: true, roomsSold: true, closed: true },
  });
  const byKey = new Map(nights.map((n) => [`${n.roomTypeId}:${fromDbDate(n.date)}`, n]));
  const dates = eachDate(query.from, query.to);
  return {
    from: query.from,
    to: query.to,
    currency: property.currency,
    roomTypes: roomTypes.map((roomType) => ({
      roomTypeId: roomType.id,
      nights: dates.map((date) => {
        const night = byKey.get(`${roomType.id}:${date}`);
        return night
          ? { date, amount: night.price, availableRooms: night.closed ? 0 : night.roomsForSale - night.roomsSold, closed: night.closed }
          : { date, amount: null, availableRooms: 0, closed: true };
      }),
    })),
  };
}
