import type { Clock } from "@/lib/clock";
import { systemClock } from "@/lib/clock";
import { dateInTimeZone, daysBetween, fromDbDate, type CalendarDate } from "@/lib/dates/calendar-date";

/**
 * A property as its clock reads it: its time zone, and on a test twin the today its test clock
 * set (as the key lookup reads it, or a Prisma row's date; null: the real date). Select them
 * with PROPERTY_CLOCK (a property row read whole has them): testToday is required, so a reader
 * that forgot the test clock does not compile.
 */
export type PropertyClockFacts = { timezone: string; testToday: CalendarDate | Date | null };

/** The columns of a property its clock reads, for a Prisma select: `select: { id: true, ...PROPERTY_CLOCK }`. */
export const PROPERTY_CLOCK = { timezone: true, testToday: true } as const;

function movedToday(property: PropertyClockFacts): CalendarDate | null {
  const moved = property.testToday;
  return moved == null ? null : typeof moved === "string" ? moved : fromDbDate(moved);
}

/** Today's date at the property, in its own time zone (a test twin's moved today, when set: PUT /partner/v1/test-clock). */
export function propertyToday(property: PropertyClockFacts, clock: Clock = systemClock): CalendarDate {
  return movedToday(property) ?? dateInTimeZone(clock.now(), property.timezone);
}

/**
 * The instant the property's rules read as now (a cancellation fee's start, say): `now`, or on
 * a test twin whose today was moved, `now` moved by the same number of days, so that its date at
 * the property is the moved today. Records keep the real time (createdAt, events, requests).
 */
export function propertyNow(property: PropertyClockFacts, now: Date): Date {
  const moved = movedToday(property);
  if (!moved) return now;
  return new Date(now.getTime() + daysBetween(dateInTimeZone(now, property.timezone), moved) * 86_400_000);
}
