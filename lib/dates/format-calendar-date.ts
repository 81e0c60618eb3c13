const weekdayDayMonth = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "long", timeZone: "UTC" });

/** "Wed 2 December" for 2026-12-02: a calendar date (already a date at the property), in no time zone. */
export function formatWeekdayDayMonth(date: string): string {
  return weekdayDayMonth.format(new Date(`${date}T00:00:00Z`));
}
