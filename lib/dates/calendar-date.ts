/**
 * Calendar days as "YYYY-MM-DD" strings. No Date object stands for a day anywhere in the
 * domain: a Date is an instant, and time zones shift it. Arithmetic is done on UTC
 * midnights, where every day has 24 hours.
 */
export type CalendarDate = string;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

// Integer arithmetic on day numbers (days since 1970-01-01), without Date objects: these run
// several times on every partner request. Day numbers from and to the civil calendar after
// Howard Hinnant's public-domain algorithms (proleptic Gregorian calendar).

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** [year, month, day] of a real date from 1900 on in YYYY-MM-DD form, else null. */
function parts(value: string): [number, number, number] | null {
  const match = PATTERN.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return [year, month, day];
}

function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function fromDayNumber(days: number): CalendarDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

/** True for a real date in YYYY-MM-DD form: 2026-02-30 is not one. */
export function isCalendarDate(value: string): boolean {
  return parts(value) !== null;
}

function toDayNumber(date: CalendarDate): number {
  const p = parts(date);
  if (!p) throw new RangeError(`not a calendar date: ${date}`);
  return dayNumber(p[0], p[1], p[2]);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** The same day `months` later (earlier when negative), or the month's last day when it has no such day (31 March − 1 month: 28 or 29 February). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const [toYear, toMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const lastDay = new Date(Date.UTC(toYear, toMonth, 0)).getUTCDate();
  return `${String(toYear).padStart(4, "0")}-${String(toMonth).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Every date from `from` to `to`, both included. */
export function eachDate(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const out: CalendarDate[] = [];
  const last = toDayNumber(to);
  for (let day = toDayNumber(from); day <= last; day++) out.push(fromDayNumber(day));
  return out;
}

/** The nights of a stay: [checkin, checkout), so checkout itself is not a night. */
export function nightsOfStay(checkin: CalendarDate, checkout: CalendarDate): CalendarDate[] {
  return checkout > checkin ? eachDate(checkin, addDays(checkout, -1)) : [];
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

/** One formatter per time zone (making one costs far more than using it; there are a few hundred zones). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    if (dayFormats.size < 1_000) dayFormats.set(timeZone, format);
  }
  return format;
}

function formatDateInTimeZone(instant: Date, timeZone: string): CalendarDate {
  // en-CA writes YYYY-MM-DD; format() is several times cheaper than formatToParts().
  const formatted = dayFormat(timeZone).format(instant);
  if (PATTERN.test(formatted)) return formatted;
  const parts = dayFormat(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

const QUARTER_HOUR_MS = 900_000;
const lastDateByZone = new Map<string, { quarterHour: number; date: CalendarDate }>();

/**
 * The date at `instant` in an IANA time zone. Every zone's offset from UTC has been a whole
 * number of quarter hours since 1972 (Liberia's -0:44:30 was the last exception), so a zone's
 * date changes only on a UTC quarter hour: the answer is kept per zone for the quarter hour
 * it was asked in (formatting costs microseconds, on every request that checks dates).
 */
export function dateInTimeZone(instant: Date, timeZone: string): CalendarDate {
  const quarterHour = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const last = lastDateByZone.get(timeZone);
  if (last?.quarterHour === quarterHour) return last.date;
  const date = formatDateInTimeZone(instant, timeZone);
  if (last || lastDateByZone.size < 1_000) lastDateByZone.set(timeZone, { quarterHour, date });
  return date;
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
  return new Date(toDayNumber(date) * DAY_MS);
}

export function fromDbDate(value: Date): CalendarDate {
  return value.toISOString().slice(0, 10);
}
