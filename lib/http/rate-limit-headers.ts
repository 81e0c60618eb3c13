import type { RateLimitDecision, RateLimitPolicy } from "@/lib/rate-limit/types";

/**
 * Both header styles on every response to a valid key: the IETF draft's RateLimit-Policy and
 * RateLimit (the policy named after the plan), and the X-RateLimit-* trio (reset in Unix s).
 */
export function setRateLimitHeaders(headers: Headers, policy: RateLimitPolicy, decision: RateLimitDecision, now = Date.now()): void {
  const resetIn = decision.allowed ? decision.resetSeconds : (decision.retryAfterSeconds ?? decision.resetSeconds);
  headers.set("RateLimit-Policy", `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`);
  headers.set("RateLimit", `"${policy.name}";r=${decision.remaining};t=${resetIn}`);
  headers.set("X-RateLimit-Limit", String(policy.limit));
  headers.set("X-RateLimit-Remaining", String(decision.remaining));
  headers.set("X-RateLimit-Reset", String(Math.ceil(now / 1000) + resetIn));
  if (!decision.allowed) headers.set("Retry-After", String(decision.retryAfterSeconds ?? resetIn));
}
