import { createIoredisStore } from "./ioredis-store";
import { createMemoryRateLimiter } from "./memory-rate-limiter";
import { createRedisBackedRateLimiter } from "./redis-backed-rate-limiter";
import { createThrottledWarning } from "./throttled-warning";
import type { RateLimitBackend, RateLimiter } from "./types";
import { createUpstashRestStore } from "./upstash-rest-store";

export const DEFAULT_RATE_LIMIT_PREFIX = "rb:rl";
export const DEFAULT_RATE_LIMIT_TIMEOUT_MS = 500;

export type RateLimiterConfig = {
  backend: RateLimitBackend;
  redisUrl?: string;
  upstashUrl?: string;
  upstashToken?: string;
  /** Redis key prefix; keys are `${prefix}:${identifier}:${window index}`. */
  prefix?: string;
  /** How long a check waits for Redis before failing open. */
  timeoutMs?: number;
};

export function createRateLimiter(config: RateLimiterConfig): RateLimiter {
  const prefix = config.prefix ?? DEFAULT_RATE_LIMIT_PREFIX;
  const timeoutMs = config.timeoutMs ?? DEFAULT_RATE_LIMIT_TIMEOUT_MS;
  const warn = createThrottledWarning();
  switch (config.backend) {
    case "memory":
      return createMemoryRateLimiter();
    case "redis": {
      if (!config.redisUrl) throw new Error('rate limiter: backend "redis" needs a redisUrl (REDIS_URL)');
      const store = createIoredisStore({
        url: config.redisUrl,
        connectTimeoutMs: Math.max(500, timeoutMs * 2),
        commandTimeoutMs: Math.max(2_000, timeoutMs * 4),
        onError: (error) => warn("connection", { backend: "redis", err: error }, "rate limiter: Redis connection error"),
      });
      return createRedisBackedRateLimiter({ backend: "redis", store, prefix, timeoutMs, warn });
    }
    case "upstash": {
      if (!config.upstashUrl || !config.upstashToken) {
        throw new Error('rate limiter: backend "upstash" needs upstashUrl and upstashToken (UPSTASH_REDIS_REST_URL, UPSTASH_REDIS_REST_TOKEN)');
      }
      const store = createUpstashRestStore({ url: config.upstashUrl, token: config.upstashToken, requestTimeoutMs: Math.max(2_000, timeoutMs * 4) });
      return createRedisBackedRateLimiter({ backend: "upstash", store, prefix, timeoutMs, warn });
    }
    default:
      throw new Error(`rate limiter: unknown backend ${String(config.backend satisfies never)}`);
  }
}
