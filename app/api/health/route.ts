import { getDb } from "@/lib/db";
import { checkHealth, type HealthReport } from "@/lib/health";
import { log } from "@/lib/log";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";

export const dynamic = "force-dynamic";

/**
 * 200 { status, database: "ok", rateLimit, rateLimitBackend }; 503 when the database does not
 * answer. A degraded rate limiter (Redis down or its circuit breaker open, API failing open) is
 * reported but still 200; while the breaker is open it is reported without waiting for Redis.
 */
export async function GET() {
  let report: HealthReport;
  try {
    report = await checkHealth(getDb(), getRateLimiter());
  } catch (error) {
    log.error({ err: error }, "health check failed");
    report = { status: "degraded", database: "unreachable", rateLimit: "degraded", rateLimitBackend: "memory" };
  }
  if (report.status !== "ok") log.warn({ report }, "health: degraded");
  return Response.json(report, { status: report.database === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
