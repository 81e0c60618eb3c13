/**
 * When a failed webhook delivery or guest e-mail is tried again: after about 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h, 24 h and 24 h (about three days in all), each with up to
 * ±10 % jitter so that a receiver coming back is not hit by every retry at once.
 * Injectable (EVENT_RETRY_SCHEDULE, e.g. "1s,2s") so tests run in seconds.
 */
export type RetrySchedule = readonly number[];

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 24 * HOUR, 24 * HOUR];

const UNITS: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR };

/** "500ms,2s,1m" → [500, 2000, 60000]; null when it is not such a list. */
export function parseRetrySchedule(value: string): RetrySchedule | null {
  const parts = value.split(",").map((part) => /^\s*(\d{1,7})(ms|s|m|h)\s*$/.exec(part));
  if (parts.length === 0 || parts.length > 20 || parts.some((match) => !match)) return null;
  return parts.map((match) => Number(match![1]) * UNITS[match![2]!]!);
}

/** When attempt number `attempts` (1 = the first) failed at `now`: the time of the next one, or null when none is left. */
export function nextAttemptAt(schedule: RetrySchedule, attempts: number, now: Date, random: () => number = Math.random): Date | null {
  const delay = schedule[attempts - 1];
  if (delay === undefined) return null;
  const jitter = 1 + (random() * 2 - 1) * 0.1;
  return new Date(now.getTime() + Math.round(delay * jitter));
}
