import { findActiveApiKey, type ActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import type { Db } from "@/lib/db";
import { PLAN_RULES, planPolicy } from "@/lib/properties/plans";
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "@/lib/rate-limit/types";
import { clientAddress } from "./client-address";
import { ApiProblem } from "./problem";
import { setRateLimitHeaders } from "./rate-limit-headers";

export type AuthenticatedKey = ActiveApiKey;
export type Scope = "read" | "write";

/** A client address may send 60 invalid keys a minute; the 61st on is refused with 429. */
export const INVALID_KEY_POLICY: RateLimitPolicy = { name: "invalid-keys", limit: 60, windowSeconds: 60 };

/**
 * Key present (401 missing_api_key), then valid (401 invalid_api_key, or 429 for guessing).
 * The guessing limit must not fail open: pass getRateLimiterWithLocalFallback().
 */
export async function authenticate(request: Request, db: Db, limiter: RateLimiter): Promise<AuthenticatedKey> {
  const value = request.headers.get("x-api-key");
  if (value === null || value.trim() === "") throw new ApiProblem("missing_api_key", "Missing X-Api-Key header.");
  return (await findActiveApiKey(db, value.trim())) ?? refuseInvalidKey(request, limiter);
}

/** A value that is no active key: 401, or 429 once this address has sent too many. */
async function refuseInvalidKey(request: Request, limiter: RateLimiter): Promise<never> {
  const guessing = await limiter.check(`invalid-key:${clientAddress(request.headers)}`, INVALID_KEY_POLICY);
  if (!guessing.allowed) {
    const retryAfter = String(guessing.retryAfterSeconds ?? 60);
    throw new ApiProblem("rate_limited", `Too many invalid API keys from this address. Retry after ${retryAfter} seconds.`, {
      headers: { "Retry-After": retryAfter },
    });
  }
  throw new ApiProblem("invalid_api_key", "Invalid API key.");
}

/**
 * The limiter's decision on the plan limit, as headers and, when over, 429 rate_limited. The
 * limiter fails open when Redis does not answer.
 */
export function enforcePlanLimit(key: AuthenticatedKey, decision: RateLimitDecision, headers: Record<string, string>): void {
  const policy = planPolicy(key.property.plan);
  setRateLimitHeaders(headers, policy, decision);
  if (!decision.allowed) throw rateLimited(key.property.plan, decision.retryAfterSeconds ?? decision.resetSeconds);
}

/** The 429 of a property over its plan's limit (its headers are set by setRateLimitHeaders). */
export function rateLimited(plan: AuthenticatedKey["property"]["plan"], retryAfterSeconds: number): ApiProblem {
  const policy = planPolicy(plan);
  return new ApiProblem(
    "rate_limited",
    `Rate limit of the ${PLAN_RULES[plan].label} plan exceeded: ${policy.limit} requests per minute per property. Retry after ${retryAfterSeconds} seconds.`,
  );
}

/** The plan (403 plan_upgrade_required, the seed's text), then the key's scope (403 insufficient_scope). */
export function authorize(key: AuthenticatedKey, required: Scope): void {
  if (required === "read") return;
  if (!PLAN_RULES[key.property.plan].canWrite) {
    throw new ApiProblem("plan_upgrade_required", "Write API requires the Starter plan or higher.");
  }
  if (key.scope !== "write") {
    throw new ApiProblem("insufficient_scope", "This API key has read scope; creating and cancelling bookings and managing webhook endpoints need a key with write scope.");
  }
}
