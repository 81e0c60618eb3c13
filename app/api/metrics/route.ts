import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { scrapeMetrics } from "@/lib/metrics/metrics-endpoint";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";

export const dynamic = "force-dynamic";

/** GET /api/metrics: this instance's Prometheus metrics, for `Authorization: Bearer $METRICS_TOKEN` only (docs/operating.md). */
export async function GET(request: Request): Promise<Response> {
  const { status, body, headers } = await scrapeMetrics({ authorization: request.headers.get("authorization"), token: getEnv().METRICS_TOKEN, db: getDb, limiter: getRateLimiter });
  return new Response(body, { status, headers });
}
