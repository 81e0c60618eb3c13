import { slidingWindowAllows, windowIndex, windowEndMs, type WindowCounters } from "./sliding-window";

/** Retry-After is whole seconds, 1 to 60 for the API's 60-second windows (../shared/API.md); up to the window for longer ones. */
export const MIN_RETRY_AFTER_SECONDS = 1;
export const MAX_RETRY_AFTER_SECONDS = 60;

/**
 * The first instant (integer ms, >= nowMs) at which one more request passes the sliding-window
 * rule, counting no other request meanwhile. The library's `reset` (end of the current window)
 * is not that: capacity can come back earlier, as the previous window's weight decays, or only
 * just after the window ends (when the current window alone is full).
 */
export function earliestPassAt(counters: WindowCounters): number {
  const { nowMs, windowMs, limit, current, previous } = counters;
  const windowStart = windowIndex(nowMs, windowMs) * windowMs;
  // Later in the current window, as the previous window's weight decays.
  const inCurrent = firstPassInWindow({ windowStart, windowMs, limit, current, previous }, nowMs);
  if (inCurrent !== undefined) return inCurrent;
  // In the next window, where the current window becomes the previous one.
  const nextStart = windowStart + windowMs;
  const inNext = firstPassInWindow({ windowStart: nextStart, windowMs, limit, current: 0, previous: current }, nextStart);
  if (inNext !== undefined) return inNext;
  // The window after that counts nothing of today's requests (reached only when current > limit,
  // e.g. after the limit was lowered).
  return nextStart + windowMs;
}

/** Whole seconds to wait, rounded up and clamped to 1..60 (or the window, when longer); see earliestPassAt. */
export function retryAfterSeconds(counters: WindowCounters): number {
  return clampRetryAfter(Math.ceil((earliestPassAt(counters) - counters.nowMs) / 1000), counters.windowMs);
}

/**
 * A safe answer when the counters cannot be read: the script never counts more than `limit`
 * in one window, so one millisecond into the next window a request passes.
 */
export function retryAfterUpperBoundSeconds(nowMs: number, windowMs: number): number {
  return clampRetryAfter(Math.ceil((windowEndMs(nowMs, windowMs) + 1 - nowMs) / 1000), windowMs);
}

function clampRetryAfter(seconds: number, windowMs: number): number {
  const max = Math.max(MAX_RETRY_AFTER_SECONDS, Math.ceil(windowMs / 1000));
  return Math.min(max, Math.max(MIN_RETRY_AFTER_SECONDS, seconds));
}

type WindowState = { windowStart: number; windowMs: number; limit: number; current: number; previous: number };

/** The first instant in [fromMs, window end) that passes, or undefined. */
function firstPassInWindow(state: WindowState, fromMs: number): number | undefined {
  const { windowStart, windowMs, limit, current, previous } = state;
  const passes = (nowMs: number) => slidingWindowAllows({ nowMs, windowMs, limit, current, previous });
  const windowEnd = windowStart + windowMs;
  if (passes(fromMs)) return fromMs;
  // The weighted previous count may be at most `budget`; it only falls as the window goes on.
  const budget = limit - current - 1;
  if (budget < 0 || previous <= 0) return undefined;
  // floor((1 - o/W) * previous) <= budget  <=>  o > W * (1 - (budget + 1) / previous)
  let at = Math.max(fromMs, windowStart + Math.floor(windowMs * (1 - (budget + 1) / previous)) + 1);
  // Settle any floating-point doubt against the exact rule (passing is monotone within a window).
  while (at > fromMs && passes(at - 1)) at--;
  while (at < windowEnd && !passes(at)) at++;
  return at < windowEnd ? at : undefined;
}
