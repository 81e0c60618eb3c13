import { retryAfterSeconds } from "./retry-after";
import { assertValidPolicy, secondsUntil, weightedPrevious, windowEndMs, windowIndex } from "./sliding-window";
import type { RateLimitDecision, RateLimitPolicy, RateLimiter } from "./types";

type Counters = { index: number; current: number; previous: number };

/**
 * An in-process sliding window with exactly the rule of Upstash's slidingWindow script
 * (sliding-window.ts). Per process: not shared across instances. Like the Redis keys, the
 * counters are per identifier and window length (not per policy name).
 */
export function createMemoryRateLimiter(options: { now?: () => number } = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counters>();
  let sweptAt = now();

  function sweep(nowMs: number): void {
    if (nowMs - sweptAt < 60_000) return;
    sweptAt = nowMs;
    for (const [key, entry] of counters) {
      const windowMs = Number(key.slice(0, key.indexOf("|")));
      if (entry.index < windowIndex(nowMs, windowMs) - 1) counters.delete(key);
    }
  }

  /** The counters of the window `nowMs` is in (the current one becomes the previous one as windows pass). */
  function countersAt(key: string, index: number): Counters {
    const entry = counters.get(key);
    let rolled: Counters;
    if (entry?.index === index) rolled = entry;
    else if (entry?.index === index - 1) rolled = { index, current: 0, previous: entry.current };
    else rolled = { index, current: 0, previous: 0 };
    counters.set(key, rolled);
    return rolled;
  }

  return {
    backend: "memory",
    async check(identifier: string, policy: RateLimitPolicy): Promise<RateLimitDecision> {
      assertValidPolicy(policy);
      const nowMs = now();
      sweep(nowMs);
      const windowMs = policy.windowSeconds * 1000;
      const entry = countersAt(`${windowMs}|${identifier}`, windowIndex(nowMs, windowMs));
      const previous = weightedPrevious(nowMs, windowMs, entry.previous);
      const resetSeconds = secondsUntil(windowEndMs(nowMs, windowMs), nowMs);
      if (previous + entry.current >= policy.limit) {
        const retryAfter = retryAfterSeconds({ nowMs, windowMs, limit: policy.limit, current: entry.current, previous: entry.previous });
        return { allowed: false, limit: policy.limit, remaining: 0, resetSeconds, retryAfterSeconds: retryAfter };
      }
      entry.current += 1;
      return { allowed: true, limit: policy.limit, remaining: Math.max(0, policy.limit - (entry.current + previous)), resetSeconds };
    },
    async health() {
      return "ok";
    },
    async close() {
      counters.clear();
    },
  };
}
