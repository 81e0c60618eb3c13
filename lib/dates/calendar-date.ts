/**
 * Calendar days as "YYYY-MM-DD" strings. No Date object stands for a day anywhere in the
 * domain: a Date is an instant, and time zones shift it. Arithmetic is done on UTC
 * midnights, where every day has 24 hours.
 */
export type CalendarDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real date in YYYY-MM-DD form: 2026-02-30 is not one. */
export function isCalendarDate(value: string): boolean {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

function toUtcMs(date: CalendarDate): number {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

function fromUtcMs(ms: number): CalendarDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Every date from `from` to `to`, both included. */
export function eachDate(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

/** The nights of a stay: [checkin, checkout), so checkout itself is not a night. */
export function nightsOfStay(checkin: CalendarDate, checkout: CalendarDate): CalendarDate[] {
  return checkout > checkin ? eachDate(checkin, addDays(checkout, -1)) : [];
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

/** The date at `instant` in an IANA time zone. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone (making one costs far more than using it; there are a few hundred zones). */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    if (dayFormats.size < 1_000) dayFormats.set(timeZone, format);
  }
  return format;
}

export function dateInTimeZone(instant: Date, timeZone: string): CalendarDate {
  // en-CA writes YYYY-MM-DD; format() is several times cheaper than formatToParts().
  const formatted = dayFormat(timeZone).format(instant);
  if (/^\d{4}-\d{2}-\d{2}$/.test(formatted)) return formatted;
  const parts = dayFormat(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Accepts any zone Intl knows, UTC included (Node 20's supportedValuesOf omits UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** For DATE columns: Prisma reads and writes them as UTC midnights. */
export function toDbDate(date: CalendarDate): Date {
  return new Date(toUtcMs(date));
}

export function fromDbDate(value: Date): CalendarDate {
  return value.toISOString().slice(0, 10);
}
