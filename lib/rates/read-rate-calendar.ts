import { type CalendarDate, eachDate, fromDbDate, toDbDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";

/** One night of a room type as staff see it. A night with no calendar row is not for sale (`price` null). */
export type CalendarNight = {
  date: CalendarDate;
  /** Minor units; null when the night has no calendar row. */
  price: number | null;
  roomsForSale: number;
  roomsSold: number;
  /** Rooms still for sale: 0 when closed. */
  free: number;
  closed: boolean;
  /** Stay restrictions: min and max stay (null: none) of stays arriving on the night; no check-in, no check-out on its date. */
  minStay: number;
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
};

/**
 * A room type's nights from `from` to `to` (both included): price, rooms for sale, sold,
 * free, closed and the stay restrictions, read from the same rows the partner API books from. A room type of
 * another property (or none) is "not found".
 */
export async function readRateCalendar(db: Db, input: { propertyId: string; roomTypeId: string; from: CalendarDate; to: CalendarDate }): Promise<CalendarNight[]> {
  const roomType = await db.roomType.findFirst({ where: { id: input.roomTypeId, propertyId: input.propertyId }, select: { id: true } });
  if (!roomType) throw new DomainError("not_found", `No room type "${input.roomTypeId}" at this property.`);
  const rows = await db.roomNight.findMany({
    where: { roomTypeId: roomType.id, date: { gte: toDbDate(input.from), lte: toDbDate(input.to) } },
    select: { date: true, price: true, roomsForSale: true, roomsSold: true, closed: true, minStay: true, maxStay: true, closedToArrival: true, closedToDeparture: true },
  });
  const byDate = new Map(rows.map((row) => [fromDbDate(row.date), row]));
  return eachDate(input.from, input.to).map((date) => {
    const row = byDate.get(date);
    if (!row) return { date, price: null, roomsForSale: 0, roomsSold: 0, free: 0, closed: true, minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false };
    const { price, roomsForSale, roomsSold, closed, minStay, maxStay, closedToArrival, closedToDeparture } = row;
    return { date, price, roomsForSale, roomsSold, free: closed ? 0 : Math.max(roomsForSale - roomsSold, 0), closed, minStay, maxStay, closedToArrival, closedToDeparture };
  });
}
