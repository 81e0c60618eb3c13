import { Ratelimit, type RatelimitConfig } from "@upstash/ratelimit";
import type { Logger } from "@/lib/log";
import { createCircuitBreaker, type BreakerTimers } from "./circuit-breaker";
import type { RedisStore } from "./redis-store";
import { retryAfterSeconds, retryAfterUpperBoundSeconds } from "./retry-after";
import { assertValidPolicy, secondsUntil, windowEndMs, windowIndex } from "./sliding-window";
import type { ThrottledWarning } from "./throttled-warning";
import type { DegradedReason, RateLimitDecision, RateLimitPolicy, RateLimiter } from "./types";
import { RateLimitTimeoutError, withTimeout } from "./with-timeout";

/** health(): a PING must answer within this. */
export const HEALTH_TIMEOUT_MS = 300;

/**
 * @upstash/ratelimit's slidingWindow on a shared Redis (self-hosted or Upstash): one Lua
 * script per check, so concurrent checks from any number of instances count exactly. Any
 * failure or timeout fails open (`degraded: true`, a throttled warning), never throws.
 *
 * A circuit breaker (circuit-breaker.ts) stands in front of Redis: after 3 consecutive
 * timeouts or connection failures (not Redis's error replies) it opens, and checks fail open
 * at once, without asking Redis, until a background PING (every 2 s, bounded by `timeoutMs`)
 * is answered; health() then says "degraded" without waiting either. Limits that must not
 * fail open wrap this limiter in withLocalFallback (local-fallback.ts).
 */
export function createRedisBackedRateLimiter(options: {
  backend: "redis" | "upstash";
  store: RedisStore;
  prefix: string;
  timeoutMs: number;
  warn: ThrottledWarning;
  /** The circuit breaker's settings (defaults: 3 failures, a probe every 2 s, the app's logger). */
  breaker?: { failureThreshold?: number; probeIntervalMs?: number; logger?: Pick<Logger, "warn" | "info">; timers?: BreakerTimers };
}): RateLimiter {
  const { backend, store, prefix, timeoutMs, warn } = options;
  const limiters = new Map<string, Ratelimit>();
  const breaker = createCircuitBreaker({
    ...options.breaker,
    name: `rate limiter: ${backend}`,
    fields: { backend },
    probe: () => withTimeout(store.ping(), timeoutMs, `${backend} PING (circuit breaker probe)`),
  });

  /** Feeds a store call's outcome to the breaker: Redis's error replies are answers, not failures. */
  function recordError(error: unknown): void {
    if (store.isErrorReply?.(error)) breaker.recordSuccess();
    else breaker.recordFailure(error);
  }

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

  const FAIL_OPEN_MESSAGES: Record<DegradedReason, string> = {
    timeout: `rate limiter: ${backend} did not answer within ${timeoutMs} ms; allowing requests (fail open)`,
    error: `rate limiter: ${backend} failed; allowing requests (fail open)`,
    "circuit-open": `rate limiter: ${backend} skipped (circuit breaker open); allowing requests (fail open)`,
  };

  // One throttled warning for all three reasons: an outage is one story, told once per 10 s.
  function failOpen(identifier: string, policy: RateLimitPolicy, reason: DegradedReason, error?: unknown): RateLimitDecision {
    warn("fail-open", { backend, reason, policy: policy.name, identifier, ...(error === undefined ? {} : { err: error }) }, FAIL_OPEN_MESSAGES[reason]);
    const nowMs = Date.now();
    return {
      allowed: true,
      limit: policy.limit,
      // Unknown: reported as if this were the window's first request.
      remaining: Math.max(0, policy.limit - 1),
      resetSeconds: secondsUntil(windowEndMs(nowMs, policy.windowSeconds * 1000), nowMs),
      degraded: true,
      degradedReason: reason,
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
      breaker.recordSuccess();
      return retryAfterSeconds({ nowMs, windowMs, limit: policy.limit, current, previous });
    } catch (error) {
      recordError(error);
      warn("counters", { backend, policy: policy.name, identifier, err: error }, "rate limiter: could not read counters for Retry-After; using the end of the window");
      return retryAfterUpperBoundSeconds(nowMs, windowMs);
    }
  }

  return {
    backend,
    async check(identifier, policy) {
      assertValidPolicy(policy);
      if (breaker.isOpen()) return failOpen(identifier, policy, "circuit-open");
      let result: Awaited<ReturnType<Ratelimit["limit"]>>;
      try {
        result = await ratelimitFor(policy).limit(identifier);
      } catch (error) {
        recordError(error);
        return failOpen(identifier, policy, "error", error);
      }
      if (result.reason === "timeout") {
        breaker.recordFailure(new RateLimitTimeoutError(`${backend} (rate-limit check)`, timeoutMs));
        return failOpen(identifier, policy, "timeout");
      }
      breaker.recordSuccess();
      const resetSeconds = secondsUntil(result.reset, Date.now());
      if (result.success) {
        return { allowed: true, limit: policy.limit, remaining: Math.max(0, result.remaining), resetSeconds };
      }
      const retryAfter = await honestRetryAfter(identifier, policy);
      return { allowed: false, limit: policy.limit, remaining: 0, resetSeconds, retryAfterSeconds: retryAfter };
    },
    async health() {
      // The breaker knows Redis is not answering: say so without waiting for it.
      if (breaker.isOpen()) return "degraded";
      try {
        await withTimeout(store.ping(), HEALTH_TIMEOUT_MS, `${backend} PING`);
        return "ok";
      } catch (error) {
        warn("health", { backend, err: error }, `rate limiter: ${backend} does not answer PING; the API fails open`);
        return "degraded";
      }
    },
    async close() {
      breaker.close();
      limiters.clear();
      await store.close();
    },
  };
}
