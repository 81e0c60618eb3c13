import { createMemoryRateLimiter } from "./memory-rate-limiter";
import type { RateLimiter } from "./types";

/**
 * For the limits that guard against guessing and must not fail open (staff sign-in, Find your
 * booking, invalid API keys): the shared limiter, except that a check it could not count
 * (`degraded`: Redis failed, timed out, or its circuit breaker is open) is decided by an
 * in-process limiter with the same policy instead of being allowed. The partner API's plan
 * limits use the shared limiter alone and fail open.
 *
 * The in-process counts hold per process and only during the outage (they are not copied to
 * Redis when it is back): with N instances an attacker gets at most N times the limit while
 * Redis is down, instead of no limit at all.
 *
 * The decision keeps `degraded: true` and its reason (the shared backend did not count it). close() clears the
 * in-process counters only: the shared limiter belongs to whoever made it.
 */
export function withLocalFallback(shared: RateLimiter, local: RateLimiter = createMemoryRateLimiter()): RateLimiter {
  return {
    backend: shared.backend,
    async check(identifier, policy) {
      const decision = await shared.check(identifier, policy);
      if (!decision.degraded) return decision;
      return { ...(await local.check(identifier, policy)), degraded: true, degradedReason: decision.degradedReason };
    },
    health: () => shared.health(),
    close: () => local.close(),
  };
}
