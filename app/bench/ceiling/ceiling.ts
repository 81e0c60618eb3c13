import { ACTIVE_API_KEY } from "@/lib/api-keys/find-active-api-key";
import { hashApiKey } from "@/lib/api-keys/key-format";
import { getDb, queryHot } from "@/lib/db";
import { planPolicy } from "@/lib/http/partner-auth";
import type { Plan } from "@/lib/properties/plans";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";

/**
 * The benchmark's ceiling routes (npm run bench): what a partner route costs at the database
 * and Redis level alone. The same key lookup statement on the app's pg pool (queryHot, so
 * prepared as the routes' are), the same plan-limit call as lib/http/partner-auth.ts, then the
 * route's own statements; no pipeline, no validation, no logging. In every build, but 404 unless the server was started with
 * BENCH_CEILING_ROUTES=1, which only npm run bench sets.
 */
export function ceilingRoutesEnabled(): boolean {
  return process.env.BENCH_CEILING_ROUTES === "1";
}

export function notFound(): Response {
  return new Response(null, { status: 404 });
}

export type CeilingKey = { id: string; property_id: string; plan: Plan; name: string; timezone: string; currency: string };

/** The key (401 without one), then one plan-limit check (429 when over): the key row, or the refusal. */
export async function ceilingAuth(request: Request): Promise<CeilingKey | Response> {
  const value = request.headers.get("x-api-key");
  if (!value) return new Response(null, { status: 401 });
  const { rows } = await queryHot<CeilingKey>(getDb(), ACTIVE_API_KEY, [hashApiKey(value)]);
  const key = rows[0];
  if (!key) return new Response(null, { status: 401 });
  const decision = await getRateLimiter().check(key.property_id, planPolicy(key.plan));
  return decision.allowed ? key : new Response(null, { status: 429 });
}
