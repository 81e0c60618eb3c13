import { Ratelimit, type RatelimitConfig } from "@upstash/ratelimit";
import type { RedisStore } from "./redis-store";
import { retryAfterSeconds, retryAfterUpperBoundSeconds } from "./retry-after";
import { assertValidPolicy, secondsUntil, windowEndMs, windowIndex } from "./sliding-window";
import type { ThrottledWarning } from "./throttled-warning";
import type { RateLimitDecision, RateLimitPolicy, RateLimiter } from "./types";
import { withTimeout } from "./with-timeout";

/** health(): a PING must answer within this. */
export const HEALTH_TIMEOUT_MS = 300;

/**
 * @upstash/ratelimit's slidingWindow on a shared Redis (self-hosted or Upstash): one Lua
 * script per check, so concurrent checks from any number of instances count exactly. Any
 * failure or timeout fails open (`degraded: true`, a throttled warning), never throws.
 */
export function createRedisBackedRateLimiter(options: {
  backend: "redis" | "upstash";
  store: RedisStore;
  prefix: string;
  timeoutMs: number;
  warn: ThrottledWarning;
}): RateLimiter {
  const { backend, store, prefix, timeoutMs, warn } = options;
  const limiters = new Map<string, Ratelimit>();

  /** One Ratelimit per (limit, window), as the algorithm is fixed at construction. */
  function ratelimitFor(policy: RateLimitPolicy): Ratelimit {
    const cacheKey = `${policy.limit}/${policy.windowSeconds}`;
    let ratelimit = limiters.get(cacheKey);
    if (!ratelimit) {
      ratelimit = new Ratelimit({
        // Ratelimit declares Pick<Redis, "evalsha" | "get" | "set"> but calls only evalsha and eval.
        redis: store.ratelimitClient as unknown as RatelimitConfig["redis"],
        limiter: Ratelimit.slidingWindow(policy.limit, `${policy.windowSeconds} s`),
        prefix,
        timeout: timeoutMs,
        analytics: false,
        // The cache would refuse without asking Redis until `reset`, after a single refusal.
        ephemeralCache: false,
      });
      limiters.set(cacheKey, ratelimit);
    }
    return ratelimit;
  }

  function failOpen(identifier: string, policy: RateLimitPolicy, kind: string, error?: unknown): RateLimitDecision {
    warn(
      kind,
      { backend, policy: policy.name, identifier, ...(error === undefined ? {} : { err: error }) },
      kind === "timeout"
        ? `rate limiter: ${backend} did not answer within ${timeoutMs} ms; allowing requests (fail open)`
        : `rate limiter: ${backend} failed; allowing requests (fail open)`,
    );
    const nowMs = Date.now();
    return {
      allowed: true,
      limit: policy.limit,
      // Unknown: reported as if this were the window's first request.
      remaining: Math.max(0, policy.limit - 1),
      resetSeconds: secondsUntil(windowEndMs(nowMs, policy.windowSeconds * 1000), nowMs),
      degraded: true,
    };
  }

  /** Reads the two counters the script weighed and finds when a request could really pass. */
  async function honestRetryAfter(identifier: string, policy: RateLimitPolicy): Promise<number> {
    const windowMs = policy.windowSeconds * 1000;
    const nowMs = Date.now();
    const index = windowIndex(nowMs, windowMs);
    try {
      const [current = 0, previous = 0] = await withTimeout(
        store.readCounters([`${prefix}:${identifier}:${index}`, `${prefix}:${identifier}:${index - 1}`]),
        timeoutMs,
        `${backend} (reading counters)`,
      );
      return retryAfterSeconds({ nowMs, windowMs, limit: policy.limit, current, previous });
    } catch (error) {
      warn("counters", { backend, policy: policy.name, identifier, err: error }, "rate limiter: could not read counters for Retry-After; using the end of the window");
      return retryAfterUpperBoundSeconds(nowMs, windowMs);
    }
  }

  return {
    backend,
    async check(identifier, policy) {
      assertValidPolicy(policy);
      let result: Awaited<ReturnType<Ratelimit["limit"]>>;
      try {
        result = await ratelimitFor(policy).limit(identifier);
      } catch (error) {
        return failOpen(identifier, policy, "error", error);
      }
      if (result.reason === "timeout") return failOpen(identifier, policy, "timeout");
      const resetSeconds = secondsUntil(result.reset, Date.now());
      if (result.success) {
        return { allowed: true, limit: policy.limit, remaining: Math.max(0, result.remaining), resetSeconds };
      }
      const retryAfter = await honestRetryAfter(identifier, policy);
      return { allowed: false, limit: policy.limit, remaining: 0, resetSeconds, retryAfterSeconds: retryAfter };
    },
    async health() {
      try {
        await withTimeout(store.ping(), HEALTH_TIMEOUT_MS, `${backend} PING`);
        return "ok";
      } catch (error) {
        warn("health", { backend, err: error }, `rate limiter: ${backend} does not answer PING; the API fails open`);
        return "degraded";
      }
    },
    async close() {
      limiters.clear();
      await store.close();
    },
  };
}
