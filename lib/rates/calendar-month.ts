import { addDays, type CalendarDate } from "@/lib/dates/calendar-date";

/** A calendar month as "YYYY-MM": the page of the rates calendar. */
export type CalendarMonth = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-12" (years 2000 to 2199), else undefined. */
export function parseCalendarMonth(value: unknown): CalendarMonth | undefined {
  if (typeof value !== "string") return undefined;
  const match = MONTH.exec(value);
  return match && Number(match[1]) >= 2000 && Number(match[1]) < 2200 ? value : undefined;
}

export function monthOf(date: CalendarDate): CalendarMonth {
  return date.slice(0, 7);
}

export function addMonths(month: CalendarMonth, months: number): CalendarMonth {
  const [year, index] = [Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + months];
  const shifted = new Date(Date.UTC(year, index, 1));
  return shifted.toISOString().slice(0, 7);
}

/** The first and last night of the month. */
export function monthNights(month: CalendarMonth): { from: CalendarDate; to: CalendarDate } {
  return { from: `${month}-01`, to: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** "December 2026". */
export function monthLabel(month: CalendarMonth): string {
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}
