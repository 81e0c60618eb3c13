import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { describeRateLimiterTarget, rateLimiterConfigFromEnv } from "./config-from-env";
import { createRateLimiter } from "./create-rate-limiter";
import type { RateLimiter } from "./types";

// On globalThis so that module reloads in development do not open a connection each.
const holder = globalThis as typeof globalThis & { __roomBookingRateLimiter?: RateLimiter };

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

/** Closes the process-wide limiter (shutdown, tests); the next getRateLimiter() makes a new one. */
export async function closeRateLimiter(): Promise<void> {
  const limiter = holder.__roomBookingRateLimiter;
  holder.__roomBookingRateLimiter = undefined;
  await limiter?.close();
}
