import { createHash, timingSafeEqual } from "node:crypto";
import { poolOf, type Db } from "@/lib/db";
import type { RateLimiter } from "@/lib/rate-limit/types";
import { appMetrics } from "./app-metrics";
import { registerStateGauges } from "./state-gauges";

const sha256 = (value: string) => createHash("sha256").update(value).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | null, token: string): boolean {
  return timingSafeEqual(sha256(authorization ?? ""), sha256(`Bearer ${token}`));
}

const READY = Symbol.for("room-booking.metrics.state-gauges");

/**
 * The scrape, in the Prometheus text format: 404 when no METRICS_TOKEN is set (nothing is
 * served), 401 with a missing or wrong bearer token, else every metric of this process. The
 * app's route (GET /api/metrics) and the worker's own port answer with it alike.
 */
export async function scrapeMetrics(input: { authorization: string | null; token: string | undefined; db: () => Db; limiter?: () => RateLimiter }): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  const noStore = { "Cache-Control": "no-store" };
  if (!input.token) return { status: 404, body: "Not found\n", headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8" } };
  if (!bearerMatches(input.authorization, input.token)) {
    return { status: 401, body: "Unauthorized\n", headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": 'Bearer realm="metrics"' } };
  }
  const { registry } = appMetrics();
  const holder = globalThis as unknown as { [READY]?: true };
  if (!holder[READY]) {
    registerStateGauges(registry, { db: input.db, pool: () => poolOf(input.db()), ...(input.limiter ? { limiter: input.limiter } : {}) });
    holder[READY] = true;
  }
  return { status: 200, body: await registry.metrics(), headers: { ...noStore, "Content-Type": registry.contentType } };
}
