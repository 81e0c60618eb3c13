import type { Env } from "@/lib/env";
import { DEFAULT_RATE_LIMIT_PREFIX, type RateLimiterConfig } from "./create-rate-limiter";

/**
 * The backend the environment asks for: RATE_LIMIT_BACKEND when set; else Upstash when
 * UPSTASH_REDIS_REST_URL/TOKEN are set; else REDIS_URL; else in-memory. Throws when the
 * chosen backend lacks its variables. Key prefix: RATE_LIMIT_PREFIX, else "rb:rl". Timeout before failing
 * open: RATE_LIMIT_TIMEOUT_MS, else the default.
 */
export function rateLimiterConfigFromEnv(
  env: Pick<Env, "REDIS_URL" | "UPSTASH_REDIS_REST_URL" | "UPSTASH_REDIS_REST_TOKEN" | "RATE_LIMIT_BACKEND" | "RATE_LIMIT_TIMEOUT_MS">,
  prefix: string | undefined,
): RateLimiterConfig {
  const hasUpstash = Boolean(env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN);
  const backend = env.RATE_LIMIT_BACKEND ?? (hasUpstash ? "upstash" : env.REDIS_URL ? "redis" : "memory");
  if (backend === "upstash" && !hasUpstash) {
    throw new Error("RATE_LIMIT_BACKEND=upstash needs UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN");
  }
  if (backend === "redis" && !env.REDIS_URL) throw new Error("RATE_LIMIT_BACKEND=redis needs REDIS_URL");
  return {
    backend,
    redisUrl: backend === "redis" ? env.REDIS_URL : undefined,
    upstashUrl: backend === "upstash" ? env.UPSTASH_REDIS_REST_URL : undefined,
    upstashToken: backend === "upstash" ? env.UPSTASH_REDIS_REST_TOKEN : undefined,
    prefix: prefix?.trim() || DEFAULT_RATE_LIMIT_PREFIX,
    timeoutMs: env.RATE_LIMIT_TIMEOUT_MS,
  };
}

/** Where the limiter points, for the log line: never a password or token. */
export function describeRateLimiterTarget(config: RateLimiterConfig): string | undefined {
  const raw = config.backend === "redis" ? config.redisUrl : config.backend === "upstash" ? config.upstashUrl : undefined;
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}
