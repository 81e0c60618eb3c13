import { type CalendarDate, dayOfWeek } from "@/lib/dates/calendar-date";

/** ISO weekday numbers: 1 = Monday … 7 = Sunday (as PostgreSQL's EXTRACT(ISODOW)). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly IsoWeekday[];

export const WEEKDAY_NAMES: Record<IsoWeekday, string> = { 1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday", 6: "Saturday", 7: "Sunday" };

export function isIsoWeekday(value: unknown): value is IsoWeekday {
  return typeof value === "number" && (ISO_WEEKDAYS as readonly number[]).includes(value);
}

export function isoWeekday(date: CalendarDate): IsoWeekday {
  return (dayOfWeek(date) || 7) as IsoWeekday;
}

/** "Fri, Sat" for [5, 6], in week order. */
export function describeWeekdays(weekdays: readonly IsoWeekday[]): string {
  return [...weekdays].sort((a, b) => a - b).map((day) => WEEKDAY_NAMES[day].slice(0, 3)).join(", ");
}
