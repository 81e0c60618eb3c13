import type { Clock } from "@/lib/clock";
import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { PROPERTY_CLOCK, propertyToday } from "@/lib/properties/property-today";
import { roomTypeOfProperty } from "@/lib/room-types/room-type-of-property";

/** Why a change from `from` is refused: a night before today at the property (today itself is fine). */
export function pastNightsProblem(from: CalendarDate, today: CalendarDate): string | undefined {
  return from < today ? `${from} is before today at the property (${today}): past nights cannot be changed` : undefined;
}

/**
 * Refuses a rates change that starts before today at the room type's property (the panel and
 * `rates set` call it before setRates, which itself accepts any dates). An unknown room type,
 * or one of another property when `propertyId` is given, is "not found".
 */
export async function refusePastNights(db: Db, input: { roomTypeId: string; from: CalendarDate; propertyId?: string; clock?: Clock }): Promise<void> {
  const roomType = await db.roomType.findFirst({
    where: roomTypeOfProperty(input.roomTypeId, input.propertyId),
    select: { property: { select: PROPERTY_CLOCK } },
  });
  if (!roomType) throw new DomainError("not_found", `no room type with id "${input.roomTypeId}"`);
  const problem = pastNightsProblem(input.from, propertyToday(roomType.property, input.clock));
  if (problem) throw new DomainError("conflict", problem);
}
