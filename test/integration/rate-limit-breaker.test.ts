import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "@/lib/rate-limit/create-rate-limiter";
import type { RateLimiter, RateLimitPolicy } from "@/lib/rate-limit/types";
import { startPrivateRedis, type PrivateRedis } from "../support/private-redis";
import { uniquePrefix } from "../support/redis";
import { startUpstashRestStandin, type UpstashRestStandin } from "../support/upstash-rest-standin";

const free: RateLimitPolicy = { name: "free", limit: 120, windowSeconds: 60 };

/**
 * The circuit breaker on both shared backends, against a redis-server of this file's own
 * ("upstash" through the REST stand-in in front of it), with the default 500 ms timeout.
 */
describe.each(["redis", "upstash"] as const)("circuit breaker of the rate limiter on %s", (backend) => {
  let redis: PrivateRedis;
  let standin: UpstashRestStandin | undefined;
  let limiter: RateLimiter | undefined;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    if (backend === "upstash") standin = await startUpstashRestStandin({ redisUrl: redis.url });
  });
  afterEach(async () => {
    redis.thaw();
    await limiter?.close();
    limiter = undefined;
    if (!redis.running) await redis.start();
  });
  afterAll(async () => {
    await standin?.close();
    await redis?.stop();
  });

  function makeLimiter(): RateLimiter {
    limiter = createRateLimiter({ backend, redisUrl: redis.url, upstashUrl: standin?.url, upstashToken: standin?.token, prefix: uniquePrefix(`breaker-${backend}`) });
    return limiter;
  }

  async function untilHealthy(rateLimiter: RateLimiter, withinMs: number): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < withinMs) {
      if ((await rateLimiter.health()) === "ok") return performance.now() - started;
      await new Promise((resume) => setTimeout(resume, 100));
    }
    throw new Error(`still degraded after ${withinMs} ms`);
  }

  async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  }

  it("frozen: opens after 3 timeouts, then fails open at once; thawed: closes within seconds and counts again", async () => {
    const rateLimiter = makeLimiter();
    expect(await rateLimiter.check("p", free)).toMatchObject({ allowed: true, remaining: 119 });
    redis.freeze();
    try {
      for (let i = 0; i < 3; i++) {
        const { value, ms } = await timed(() => rateLimiter.check("p", free));
        expect(value).toMatchObject({ allowed: true, degraded: true });
        expect(ms).toBeGreaterThanOrEqual(400); // waited for the timeout
      }
      for (let i = 0; i < 20; i++) {
        const { value, ms } = await timed(() => rateLimiter.check("p", free));
        expect(value).toMatchObject({ allowed: true, degraded: true });
        expect(ms).toBeLessThan(50);
      }
      const { value: health, ms } = await timed(() => rateLimiter.health());
      expect(health).toBe("degraded");
      expect(ms).toBeLessThan(50);
    } finally {
      redis.thaw();
    }
    await untilHealthy(rateLimiter, 10_000);
    const decision = await rateLimiter.check("p", free);
    expect(decision.degraded).toBeUndefined();
    // The 3 checks sent before the breaker opened were counted once Redis thawed.
    expect(decision.remaining).toBeLessThan(119);
  });

  it("stopped: opens after 3 failures; restarted on the same port: closes within seconds", async () => {
    const rateLimiter = makeLimiter();
    expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, remaining: 119 });
    await redis.stop();
    for (let i = 0; i < 3; i++) expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, degraded: true });
    const { value, ms } = await timed(() => rateLimiter.check("q", free));
    expect(value).toMatchObject({ allowed: true, degraded: true });
    expect(ms).toBeLessThan(50);
    expect(await rateLimiter.health()).toBe("degraded");
    await redis.start();
    await untilHealthy(rateLimiter, 10_000);
    expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, remaining: 119 }); // an empty Redis
    expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, remaining: 118 });
  });
});
