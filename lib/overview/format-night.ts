import type { CalendarDate } from "@/lib/dates/calendar-date";

const nightFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });

/** "Fri 27 Nov" for 2026-11-27 (a calendar date: no time zone shifts it). */
export function formatNight(date: CalendarDate): string {
  return nightFormat.format(new Date(`${date}T00:00:00Z`));
}

/** "Friday, 27 November 2026". */
export function formatDay(date: CalendarDate): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}
