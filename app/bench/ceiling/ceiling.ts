import { findActiveApiKey, type ActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { getDb } from "@/lib/db";
import { planPolicy } from "@/lib/properties/plans";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";

/**
 * The benchmark's ceiling routes (npm run bench): what a partner route costs at the database
 * and Redis level alone. The same key lookup as the routes' (findActiveApiKey: the same
 * statement on the app's pg pool, prepared and batched as theirs are), the same plan-limit call
 * as lib/http/partner-auth.ts, then the route's own statements; no pipeline, no validation, no
 * logging. In every build, but 404 unless the server was started with BENCH_CEILING_ROUTES=1,
 * which only npm run bench sets.
 *
 * A ceiling answers what its route answers (the same JSON body, built by the same view
 * function from the same rows): the size of the answer is the contract's, not our overhead.
 * What it leaves out is the pipeline: request id, rate-limit headers, validation, log line.
 */
export function ceilingRoutesEnabled(): boolean {
  return process.env.BENCH_CEILING_ROUTES === "1";
}

export function notFound(): Response {
  return new Response(null, { status: 404 });
}

/** The key (401 without one), then one plan-limit check (429 when over): the key, or the refusal. */
export async function ceilingAuth(request: Request): Promise<ActiveApiKey | Response> {
  const value = request.headers.get("x-api-key");
  if (!value) return new Response(null, { status: 401 });
  const key = await findActiveApiKey(getDb(), value);
  if (!key) return new Response(null, { status: 401 });
  const decision = await getRateLimiter().check(key.propertyId, planPolicy(key.property.plan));
  return decision.allowed ? key : new Response(null, { status: 429 });
}
