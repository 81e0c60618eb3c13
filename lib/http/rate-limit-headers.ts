import type { RateLimitDecision, RateLimitPolicy } from "@/lib/rate-limit/types";

/**
 * Both header styles on every response to a valid key: the IETF draft's RateLimit-Policy and
 * RateLimit (the policy named after the plan), and the X-RateLimit-* trio (reset in Unix s).
 */
export function setRateLimitHeaders(headers: Record<string, string>, policy: RateLimitPolicy, decision: RateLimitDecision, now = Date.now()): void {
  const resetIn = decision.allowed ? decision.resetSeconds : (decision.retryAfterSeconds ?? decision.resetSeconds);
  headers["RateLimit-Policy"] = `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`;
  headers.RateLimit = `"${policy.name}";r=${decision.remaining};t=${resetIn}`;
  headers["X-RateLimit-Limit"] = String(policy.limit);
  headers["X-RateLimit-Remaining"] = String(decision.remaining);
  headers["X-RateLimit-Reset"] = String(Math.ceil(now / 1000) + resetIn);
  if (!decision.allowed) headers["Retry-After"] = String(decision.retryAfterSeconds ?? resetIn);
}
