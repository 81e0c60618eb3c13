import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { earliestPassAt, retryAfterSeconds, retryAfterUpperBoundSeconds } from "@/lib/rate-limit/retry-after";
import { slidingWindowAllows, type WindowCounters } from "@/lib/rate-limit/sliding-window";

const MINUTE = 60_000;

/** The script's rule, millisecond by millisecond, as the counters age (no other request counted). */
function bruteForceEarliestPass(counters: WindowCounters): number {
  const { nowMs, windowMs, limit, current, previous } = counters;
  const index = Math.floor(nowMs / windowMs);
  for (let t = nowMs; ; t++) {
    const age = Math.floor(t / windowMs) - index;
    const state = age === 0 ? { current, previous } : age === 1 ? { current: 0, previous: current } : { current: 0, previous: 0 };
    if (slidingWindowAllows({ nowMs: t, windowMs, limit, ...state })) return t;
  }
}

/** Counters the script can produce: a window never counts more than the limit. */
const refusedCounters = (windowMs: number, maxLimit: number) =>
  fc
    .record({
      window: fc.integer({ min: 28_000_000, max: 29_000_000 }),
      offset: fc.integer({ min: 0, max: windowMs - 1 }),
      limit: fc.integer({ min: 1, max: maxLimit }),
      currentShare: fc.double({ min: 0, max: 1, noNaN: true }),
      previousShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ window, offset, limit, currentShare, previousShare }) => ({
      nowMs: window * windowMs + offset,
      windowMs,
      limit,
      current: Math.round(currentShare * limit),
      previous: Math.round(previousShare * limit),
    }))
    .filter((counters) => !slidingWindowAllows(counters));

describe("retry-after: when a refused request could really pass", () => {
  it("inside the current window, as the previous window's weight decays", () => {
    // 30 s into the window: floor(0.5 * 100) + 70 = 120 >= 120, refused. It passes once
    // floor((1 - f) * 100) <= 49, i.e. (1 - f) * 100 < 50, i.e. f > 0.5: at 30.001 s.
    const counters = { nowMs: 29_000_000 * MINUTE + 30_000, windowMs: MINUTE, limit: 120, current: 70, previous: 100 };
    expect(earliestPassAt(counters)).toBe(counters.nowMs + 1);
    expect(retryAfterSeconds(counters)).toBe(1);

    // 10 s into the window: floor(5/6 * 120) = 100, + 20 >= 120. Needs (1 - f) * 120 < 100: f > 1/6, at 10.001 s;
    // with 60 in the current window: (1 - f) * 120 < 60, f > 0.5, at 30.001 s: 20.001 s away → 21 s.
    const later = { nowMs: 29_000_000 * MINUTE + 10_000, windowMs: MINUTE, limit: 120, current: 60, previous: 120 };
    expect(earliestPassAt(later)).toBe(29_000_000 * MINUTE + 30_001);
    expect(retryAfterSeconds(later)).toBe(21);
    expect(later.nowMs + 60_000 - (later.nowMs % MINUTE) - later.nowMs).toBe(50_000); // the library's reset would say 50 s
  });

  it("in the next window, when the current window alone is full", () => {
    // 120 of 120 in the current window: refused until just after it ends, where floor((1 - 1/60000) * 120) = 119.
    const counters = { nowMs: 29_000_000 * MINUTE + 45_500, windowMs: MINUTE, limit: 120, current: 120, previous: 0 };
    expect(earliestPassAt(counters)).toBe(29_000_001 * MINUTE + 1);
    expect(retryAfterSeconds(counters)).toBe(15); // 14.501 s, rounded up
  });

  it("clamps to 1..60 seconds", () => {
    const atWindowStart = { nowMs: 29_000_000 * MINUTE, windowMs: MINUTE, limit: 5, current: 5, previous: 5 };
    expect(earliestPassAt(atWindowStart) - atWindowStart.nowMs).toBe(MINUTE + 1);
    expect(retryAfterSeconds(atWindowStart)).toBe(60);
    const passesNow = { nowMs: 29_000_000 * MINUTE + 1, windowMs: MINUTE, limit: 5, current: 0, previous: 0 };
    expect(retryAfterSeconds(passesNow)).toBe(1);
  });

  it("matches a brute-force run of the script's rule (1-second windows, many cases)", () => {
    fc.assert(
      fc.property(refusedCounters(1_000, 50), (counters) => {
        expect(earliestPassAt(counters)).toBe(bruteForceEarliestPass(counters));
      }),
      { numRuns: 2_000 },
    );
  });

  it("matches a brute-force run of the script's rule (60-second windows, plan-sized limits)", () => {
    fc.assert(
      fc.property(refusedCounters(MINUTE, 12_000), (counters) => {
        expect(earliestPassAt(counters)).toBe(bruteForceEarliestPass(counters));
      }),
      { numRuns: 150 },
    );
  });

  it("never tells a client to come back earlier than the rule allows, and not later than needed", () => {
    fc.assert(
      fc.property(refusedCounters(MINUTE, 1_200), (counters) => {
        const seconds = retryAfterSeconds(counters);
        const passAt = bruteForceEarliestPass(counters);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(60);
        // Honest, except where the 60 s cap bites (at most 1 ms into the next window).
        if (seconds < 60) expect(counters.nowMs + seconds * 1000).toBeGreaterThanOrEqual(passAt);
        else expect(counters.nowMs + seconds * 1000).toBeGreaterThanOrEqual(passAt - 1);
        // Tight: a second less would be too early (unless it is already the minimum).
        if (seconds > 1 && seconds < 60) expect(counters.nowMs + (seconds - 1) * 1000).toBeLessThan(passAt);
      }),
      { numRuns: 300 },
    );
  });

  it("has a safe upper bound when the counters cannot be read: the end of the window + 1 ms", () => {
    fc.assert(
      fc.property(refusedCounters(MINUTE, 1_200), (counters) => {
        const bound = retryAfterUpperBoundSeconds(counters.nowMs, counters.windowMs);
        expect(bound).toBeGreaterThanOrEqual(retryAfterSeconds(counters));
      }),
      { numRuns: 300 },
    );
    expect(retryAfterUpperBoundSeconds(29_000_000 * MINUTE + 59_999, MINUTE)).toBe(1);
    expect(retryAfterUpperBoundSeconds(29_000_000 * MINUTE + 20_000, MINUTE)).toBe(41);
  });
});
