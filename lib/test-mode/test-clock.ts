import { systemClock, type Clock } from "@/lib/clock";
import { addDays, dateInTimeZone, toDbDate, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError, validationFailed } from "@/lib/errors";
import type { TestClockView } from "@/lib/schemas/test-clock";
import { propertyMode } from "./property-mode";

/** How far a test clock may move today: two years, as far as rates and bookings reach. */
export const TEST_CLOCK_MAX_DAYS = 730;

type Twin = { id: string; timezone: string; livePropertyId: string | null };

/**
 * The test clock (PUT and DELETE /partner/v1/test-clock): a test twin's today, moved so that
 * cancellation deadlines, changeability and stays in progress can be tried without waiting.
 * Invariants: only a test twin's today moves (a live property's is the real date: the database
 * refuses test_today on a live row too); never before the real today at the property, at most
 * TEST_CLOCK_MAX_DAYS after it; it stays at the date set until moved again or cleared. Every rule
 * reads it through propertyToday / propertyNow; records keep the real time.
 */
export async function setTestClock(db: Db, twin: Twin, today: CalendarDate | null, clock: Clock = systemClock): Promise<TestClockView> {
  if (propertyMode(twin) !== "test") {
    throw new DomainError("invalid_argument", "The test clock is a test key's (rbp_test_…): a live property's today is the real date.");
  }
  const realToday = dateInTimeZone(clock.now(), twin.timezone);
  if (today !== null && (today < realToday || today > addDays(realToday, TEST_CLOCK_MAX_DAYS))) {
    throw validationFailed([{ field: "today", message: `today must be from ${realToday} (the real date at the property) to ${addDays(realToday, TEST_CLOCK_MAX_DAYS)}.` }]);
  }
  await db.property.update({ where: { id: twin.id }, data: { testToday: today === null ? null : toDbDate(today) } });
  return { today: today ?? realToday, realToday, moved: today !== null };
}
