import { afterEach, describe, expect, it, vi } from "vitest";
import { withLocalFallback } from "@/lib/rate-limit/local-fallback";
import { createMemoryRateLimiter } from "@/lib/rate-limit/memory-rate-limiter";
import type { RateLimitDecision, RateLimiter } from "@/lib/rate-limit/types";

const tiny = { name: "tiny", limit: 3, windowSeconds: 60 };

/** A shared limiter that allows everything, counted (up) or failing open (down). */
function sharedLimiter() {
  const state = { down: false, checks: 0, closed: false };
  const limiter: RateLimiter = {
    backend: "redis",
    async check(_identifier, policy): Promise<RateLimitDecision> {
      state.checks += 1;
      return { allowed: true, limit: policy.limit, remaining: policy.limit - 1, resetSeconds: 30, ...(state.down ? { degraded: true } : {}) };
    },
    health: async () => (state.down ? "degraded" : "ok"),
    close: async () => {
      state.closed = true;
    },
  };
  return { limiter, state };
}

describe("withLocalFallback", () => {
  afterEach(() => vi.restoreAllMocks());

  it("passes the shared limiter's decisions through while it counts", async () => {
    const { limiter: shared } = sharedLimiter();
    const limiter = withLocalFallback(shared);
    expect(limiter.backend).toBe("redis");
    for (let i = 0; i < 10; i++) expect(await limiter.check("a", tiny)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 30 });
  });

  it("applies the same policy in process when the shared limiter could not count (never fails open)", async () => {
    const { limiter: shared, state } = sharedLimiter();
    const limiter = withLocalFallback(shared);
    state.down = true;
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.check("a", tiny));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions.every((d) => d.degraded)).toBe(true);
    expect(decisions[3]?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Per identifier, as on Redis.
    expect(await limiter.check("b", tiny)).toMatchObject({ allowed: true, remaining: 2 });
    expect(state.checks).toBe(5); // the shared limiter was still asked every time
    expect(await limiter.health()).toBe("degraded");
  });

  it("close() clears the in-process counts only (the shared limiter is its owner's)", async () => {
    const { limiter: shared, state } = sharedLimiter();
    const local = createMemoryRateLimiter();
    const closeLocal = vi.spyOn(local, "close");
    const limiter = withLocalFallback(shared, local);
    await limiter.close();
    expect(closeLocal).toHaveBeenCalledTimes(1);
    expect(state.closed).toBe(false);
  });
});

describe("getRateLimiterWithLocalFallback", () => {
  afterEach(async () => {
    const { closeRateLimiter } = await import("@/lib/rate-limit/get-rate-limiter");
    await closeRateLimiter();
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is one process-wide wrapper of the process-wide limiter, made anew after closeRateLimiter()", async () => {
    vi.resetModules();
    for (const name of ["REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "RATE_LIMIT_BACKEND"]) vi.stubEnv(name, "");
    const { log } = await import("@/lib/log");
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const { closeRateLimiter, getRateLimiter, getRateLimiterWithLocalFallback } = await import("@/lib/rate-limit/get-rate-limiter");
    const first = getRateLimiterWithLocalFallback();
    expect(getRateLimiterWithLocalFallback()).toBe(first);
    expect(first).not.toBe(getRateLimiter());
    expect(first.backend).toBe(getRateLimiter().backend);
    await closeRateLimiter();
    expect(getRateLimiterWithLocalFallback()).not.toBe(first);
  });
});
