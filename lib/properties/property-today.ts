import type { Clock } from "@/lib/clock";
import { systemClock } from "@/lib/clock";
import { dateInTimeZone, type CalendarDate } from "@/lib/dates/calendar-date";

/** Today's date at the property, in its own time zone. */
export function propertyToday(property: { timezone: string }, clock: Clock = systemClock): CalendarDate {
  return dateInTimeZone(clock.now(), property.timezone);
}
