import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { describeRateLimiterTarget, rateLimiterConfigFromEnv } from "./config-from-env";
import { createRateLimiter } from "./create-rate-limiter";
import { withLocalFallback } from "./local-fallback";
import type { RateLimiter } from "./types";

// On globalThis so that module reloads in development do not open a connection each.
const holder = globalThis as typeof globalThis & {
  __roomBookingRateLimiter?: RateLimiter;
  __roomBookingLocalFallback?: { shared: RateLimiter; limiter: RateLimiter };
};

/**
 * The process-wide limiter, chosen from the environment on first use (config-from-env.ts):
 * Upstash, else REDIS_URL, else in-memory (RATE_LIMIT_BACKEND overrides). Logs its choice once.
 */
export function getRateLimiter(): RateLimiter {
  if (holder.__roomBookingRateLimiter) return holder.__roomBookingRateLimiter;
  const config = rateLimiterConfigFromEnv(getEnv(), process.env.RATE_LIMIT_PREFIX);
  const limiter = createRateLimiter(config);
  holder.__roomBookingRateLimiter = limiter;
  if (config.backend === "memory") {
    log.warn(
      { rateLimitBackend: "memory", prefix: config.prefix },
      "RATE LIMITS ARE IN MEMORY: in-memory rate limits: per process, not shared across instances. Set UPSTASH_REDIS_REST_URL/TOKEN or REDIS_URL for shared limits.",
    );
  } else {
    log.info({ rateLimitBackend: config.backend, target: describeRateLimiterTarget(config), prefix: config.prefix }, `rate limits on ${config.backend}`);
  }
  return limiter;
}

/**
 * The limiter of the limits that must not fail open: staff sign-in, Find your booking and key
 * guessing (invalid API keys). The process-wide limiter, with an in-process fallback (same
 * policy) for the checks Redis could not count (local-fallback.ts). The partner API's plan
 * limits use getRateLimiter() and fail open.
 */
export function getRateLimiterWithLocalFallback(): RateLimiter {
  const shared = getRateLimiter();
  if (holder.__roomBookingLocalFallback?.shared !== shared) {
    holder.__roomBookingLocalFallback = { shared, limiter: withLocalFallback(shared) };
  }
  return holder.__roomBookingLocalFallback.limiter;
}

/** Closes the process-wide limiter and its local fallback (shutdown, tests); the next call makes new ones. */
export async function closeRateLimiter(): Promise<void> {
  const limiter = holder.__roomBookingRateLimiter;
  const fallback = holder.__roomBookingLocalFallback;
  holder.__roomBookingRateLimiter = undefined;
  holder.__roomBookingLocalFallback = undefined;
  await Promise.all([limiter?.close(), fallback?.limiter.close()]);
}
