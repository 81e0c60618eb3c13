import type { RateLimitPolicy } from "./types";

/**
 * The rule of @upstash/ratelimit's single-region `slidingWindow` Lua script (2.0.8), in
 * TypeScript, operation for operation (same IEEE doubles, so the same answers):
 *
 *   percentageInCurrent = (now % window) / window
 *   weightedPrevious    = floor((1 - percentageInCurrent) * previous)
 *   refused when weightedPrevious + current >= limit, else current += 1
 *
 * where `current` and `previous` count the requests of window floor(now / window) and the
 * one before it (keys `${prefix}:${identifier}:${index}`).
 */
export type WindowCounters = {
  /** The instant, in integer milliseconds since the epoch. */
  nowMs: number;
  windowMs: number;
  limit: number;
  /** Requests counted in window floor(nowMs / windowMs). */
  current: number;
  /** Requests counted in the window before. */
  previous: number;
};

export function windowIndex(nowMs: number, windowMs: number): number {
  return Math.floor(nowMs / windowMs);
}

export function weightedPrevious(nowMs: number, windowMs: number, previous: number): number {
  const percentageInCurrent = (nowMs % windowMs) / windowMs;
  return Math.floor((1 - percentageInCurrent) * previous);
}

/** Whether one more request passes at `nowMs` (the script's test, before it increments). */
export function slidingWindowAllows(counters: WindowCounters): boolean {
  return weightedPrevious(counters.nowMs, counters.windowMs, counters.previous) + counters.current < counters.limit;
}

/** Whole seconds (>= 1) from `nowMs` to `atMs`, rounded up. */
export function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((atMs - nowMs) / 1000));
}

/** When the current window ends, in milliseconds since the epoch (the library's `reset`). */
export function windowEndMs(nowMs: number, windowMs: number): number {
  return (windowIndex(nowMs, windowMs) + 1) * windowMs;
}

/** Throws on a policy no limiter can apply (a programming error, not a backend failure). */
export function assertValidPolicy(policy: RateLimitPolicy): void {
  if (!Number.isInteger(policy.limit) || policy.limit < 1) {
    throw new TypeError(`rate-limit policy "${policy.name}": limit must be a positive integer, got ${policy.limit}`);
  }
  if (!Number.isInteger(policy.windowSeconds) || policy.windowSeconds < 1) {
    throw new TypeError(`rate-limit policy "${policy.name}": windowSeconds must be a positive integer, got ${policy.windowSeconds}`);
  }
}
