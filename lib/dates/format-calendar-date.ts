import type { CalendarDate } from "./calendar-date";

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

const rangeStart = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const rangeEnd = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });

/** "4 Dec 2026": one calendar date, as the end of a stay's range shows it. */
export function formatDate(date: CalendarDate): string {
  return rangeEnd.format(new Date(`${date}T00:00:00Z`));
}

/** "4 Dec → 7 Dec 2026" for a stay (the start's year too when it differs: "30 Dec 2026 → 2 Jan 2027"). */
export function formatStayRange(checkin: CalendarDate, checkout: CalendarDate): string {
  const start = (checkin.slice(0, 4) === checkout.slice(0, 4) ? rangeStart : rangeEnd).format(new Date(`${checkin}T00:00:00Z`));
  return `${start} → ${rangeEnd.format(new Date(`${checkout}T00:00:00Z`))}`;
}
