import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "@/lib/rate-limit/memory-rate-limiter";
import { createRateLimiter } from "@/lib/rate-limit/create-rate-limiter";
import type { RateLimitDecision, RateLimitPolicy } from "@/lib/rate-limit/types";

const MINUTE = 60_000;
const free: RateLimitPolicy = { name: "free", limit: 120, windowSeconds: 60 };

function clockAt(ms: number) {
  const clock = { nowMs: ms, now: () => clock.nowMs };
  return clock;
}

async function burst(check: () => Promise<RateLimitDecision>, count: number): Promise<RateLimitDecision[]> {
  return Promise.all(Array.from({ length: count }, () => check()));
}

describe("memory rate limiter", () => {
  it("lets exactly N of N + 5 through, then refuses with an honest Retry-After", async () => {
    const clock = clockAt(29_000_000 * MINUTE + 12_300);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    const decisions = await burst(() => limiter.check("property-1", free), 125);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(120);
    const refused = decisions.filter((d) => !d.allowed);
    expect(refused).toHaveLength(5);
    for (const decision of refused) {
      expect(decision).toMatchObject({ limit: 120, remaining: 0, resetSeconds: 48 });
      // 120 in this window: the next passes 1 ms into the next one, 47.701 s away.
      expect(decision.retryAfterSeconds).toBe(48);
      expect(decision.degraded).toBeUndefined();
    }
    clock.nowMs += 47_000;
    expect((await limiter.check("property-1", free)).allowed).toBe(false);
    clock.nowMs += 1_000;
    expect((await limiter.check("property-1", free)).allowed).toBe(true);
  });

  it("reports remaining and reset for headers", async () => {
    const clock = clockAt(29_000_000 * MINUTE + 59_000.0);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    const policy = { name: "tiny", limit: 3, windowSeconds: 60 };
    expect(await limiter.check("p", policy)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 1 });
    clock.nowMs -= 58_500; // 0.5 s into the window: reset rounds up to 60
    const fresh = createMemoryRateLimiter({ now: clock.now });
    expect(await fresh.check("p", policy)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    expect(await fresh.check("p", policy)).toMatchObject({ remaining: 1 });
    expect(await fresh.check("p", policy)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await fresh.check("p", policy)).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 60, retryAfterSeconds: 60 });
  });

  it("weighs the previous window as the script does", async () => {
    const start = 29_000_000 * MINUTE;
    const clock = clockAt(start + 50_000);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    await burst(() => limiter.check("p", free), 100);
    // 15 s into the next window: floor(0.75 * 100) = 75 weigh, so 45 more pass.
    clock.nowMs = start + MINUTE + 15_000;
    const decisions = await burst(() => limiter.check("p", free), 50);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(45);
    expect(decisions[0]).toMatchObject({ remaining: 120 - 75 - 1 });
    // Refused at 75 + 45 = 120: passes once floor((1 - f) * 100) <= 74, i.e. (1 - f) * 100 < 75, at 15.001 s → 1 s.
    expect(decisions[49]).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect((await limiter.check("p", free)).allowed).toBe(false);
    clock.nowMs = start + MINUTE + 15_001;
    expect((await limiter.check("p", free)).allowed).toBe(true);
  });

  it("counts identifiers apart, and forgets windows older than the previous one", async () => {
    const clock = clockAt(29_000_000 * MINUTE + 1_000);
    const limiter = createMemoryRateLimiter({ now: clock.now });
    const policy = { name: "one", limit: 1, windowSeconds: 60 };
    expect((await limiter.check("a", policy)).allowed).toBe(true);
    expect((await limiter.check("b", policy)).allowed).toBe(true);
    expect((await limiter.check("a", policy)).allowed).toBe(false);
    clock.nowMs += 2 * MINUTE;
    expect((await limiter.check("a", policy)).allowed).toBe(true);
  });

  it("is what createRateLimiter gives for backend memory: healthy, never degraded", async () => {
    const limiter = createRateLimiter({ backend: "memory" });
    expect(limiter.backend).toBe("memory");
    expect(await limiter.health()).toBe("ok");
    const decision = await limiter.check("p", free);
    expect(decision).toMatchObject({ allowed: true, limit: 120, remaining: 119 });
    expect(decision.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(decision.resetSeconds).toBeLessThanOrEqual(60);
    await limiter.close();
  });

  it("rejects a policy it cannot apply", async () => {
    const limiter = createMemoryRateLimiter();
    await expect(limiter.check("p", { name: "zero", limit: 0, windowSeconds: 60 })).rejects.toThrow(TypeError);
    await expect(limiter.check("p", { name: "half", limit: 10, windowSeconds: 0.5 })).rejects.toThrow(TypeError);
  });
});
