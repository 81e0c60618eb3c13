/** A named limit: `limit` requests per `windowSeconds` (sliding window), per identifier. */
export type RateLimitPolicy = { name: string; limit: number; windowSeconds: number };

export type RateLimitDecision = {
  allowed: boolean;
  limit: number;
  /** Never negative. */
  remaining: number;
  /** Whole seconds (>= 1) until the current window ends (for headers when allowed). */
  resetSeconds: number;
  /** Set when !allowed: whole seconds 1..60, never earlier than a request could really pass. */
  retryAfterSeconds?: number;
  /**
   * The shared backend did not count this request (it failed, timed out, or its circuit breaker
   * is open). From the limiter alone the request was allowed (fail open); behind
   * withLocalFallback the decision is the in-process limiter's, with the same policy.
   */
  degraded?: boolean;
  /**
   * With `degraded`, why the shared backend did not count it: it did not answer within the
   * limiter's timeout, it failed (a refused connection, an error), or its circuit breaker is
   * open and it was not asked at all.
   */
  degradedReason?: DegradedReason;
};

export type DegradedReason = "timeout" | "error" | "circuit-open";

export type RateLimitBackend = "upstash" | "redis" | "memory";

export interface RateLimiter {
  readonly backend: RateLimitBackend;
  /** Counts one request for `identifier` against `policy` (sliding window). */
  check(identifier: string, policy: RateLimitPolicy): Promise<RateLimitDecision>;
  /** "ok", or "degraded" when the shared backend does not answer or its circuit breaker is open (the API is failing open). */
  health(): Promise<"ok" | "degraded">;
  close(): Promise<void>;
}
