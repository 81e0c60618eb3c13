import type { Db } from "@/lib/db";
import type { RateLimiter } from "@/lib/rate-limit/types";

export type HealthReport = {
  status: "ok" | "degraded";
  database: "ok" | "unreachable";
  /** "degraded" when the shared limiter's Redis does not answer or its circuit breaker is open (the API is failing open). */
  rateLimit: "ok" | "degraded";
  rateLimitBackend: RateLimiter["backend"];
};

async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database health check timed out")), timeoutMs);
  });
  try {
    await Promise.race([db.$queryRaw`select 1`, timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database answers within `timeoutMs`, and whether the rate limiter's backend does. */
export async function checkHealth(db: Db, limiter: RateLimiter, timeoutMs = 2_000): Promise<HealthReport> {
  const [database, rateLimit] = await Promise.all([databaseAnswers(db, timeoutMs), limiter.health().catch(() => "degraded" as const)]);
  return {
    status: database && rateLimit === "ok" ? "ok" : "degraded",
    database: database ? "ok" : "unreachable",
    rateLimit,
    rateLimitBackend: limiter.backend,
  };
}
