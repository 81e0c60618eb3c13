import IORedis from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createRateLimiter } from "@/lib/rate-limit/create-rate-limiter";
import type { RateLimiter, RateLimitPolicy } from "@/lib/rate-limit/types";
import { startPrivateRedis, type PrivateRedis } from "../support/private-redis";
import { uniquePrefix } from "../support/redis";
import { startUpstashRestStandin, type UpstashRestStandin } from "../support/upstash-rest-standin";
import { waitFor } from "../support/wait-for";

const free: RateLimitPolicy = { name: "free", limit: 120, windowSeconds: 60 };

/**
 * The circuit breaker on both shared backends, against a redis-server of this file's own
 * ("upstash" through the REST stand-in in front of it), with the default 500 ms timeout.
 * What is asserted is what the breaker promises, read from Redis itself: once open, checks
 * and health do not ask Redis (nothing they would have sent is ever counted there), so nothing
 * waits for it; the probe closes it again.
 */
describe.each(["redis", "upstash"] as const)("circuit breaker of the rate limiter on %s", (backend) => {
  let redis: PrivateRedis;
  let standin: UpstashRestStandin | undefined;
  let limiter: RateLimiter | undefined;
  let prefix = "";

  beforeAll(async () => {
    redis = await startPrivateRedis();
    if (backend === "upstash") standin = await startUpstashRestStandin({ redisUrl: redis.url });
  });
  afterEach(async () => {
    redis.thaw();
    await limiter?.close();
    limiter = undefined;
    vi.useRealTimers();
    if (!redis.running) await redis.start();
  });
  afterAll(async () => {
    await standin?.close();
    await redis?.stop();
  });

  function makeLimiter(): RateLimiter {
    prefix = uniquePrefix(`breaker-${backend}`);
    limiter = createRateLimiter({ backend, redisUrl: redis.url, upstashUrl: standin?.url, upstashToken: standin?.token, prefix });
    return limiter;
  }

  /** The checks Redis really counted for `identifier` (this limiter's prefix), summed over every window. */
  async function countedByRedis(identifier: string): Promise<number> {
    const client = new IORedis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      const keys = (await client.keys(`${prefix}:${identifier}:*`)).filter((key) => /:\d+$/.test(key));
      const values = keys.length ? await client.mget(...keys) : [];
      return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
    } finally {
      client.disconnect();
    }
  }

  it("frozen: opens after 3 timeouts; then checks and health never ask Redis, not even once it answers again, until the probe closes the breaker", async () => {
    // Only the breaker's probe runs on setInterval here: faked, it runs when this test says, not every 2 s behind its back.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const rateLimiter = makeLimiter();
    expect(await rateLimiter.check("p", free)).toEqual({ allowed: true, limit: 120, remaining: 119, resetSeconds: expect.any(Number) });
    expect(vi.getTimerCount()).toBe(0); // closed: no probe
    redis.freeze();
    try {
      for (let i = 0; i < 3; i++) expect(await rateLimiter.check("p", free)).toMatchObject({ allowed: true, degraded: true, degradedReason: "timeout" });
      expect(vi.getTimerCount()).toBe(1); // open: its probe is scheduled
      for (let i = 0; i < 20; i++) expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, remaining: 119, degraded: true, degradedReason: "circuit-open" });
      expect(await rateLimiter.health()).toBe("degraded");
    } finally {
      redis.thaw();
    }
    // Redis answers again; the breaker stays open until its probe. A check or a health PING sent now would be answered.
    await waitFor(async () => (await countedByRedis("p")) >= 4, { what: "Redis to count the checks sent before and during the freeze" });
    for (let i = 0; i < 5; i++) expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, degraded: true, degradedReason: "circuit-open" });
    expect(await rateLimiter.health()).toBe("degraded");

    await vi.advanceTimersByTimeAsync(2_000); // the probe: a PING, answered after everything sent to Redis before it
    await waitFor(async () => (await rateLimiter.health()) === "ok", { what: "the probe to close the breaker" });
    // The first check and the 3 that timed out reached Redis (once thawed); not one of the 25 made while open did.
    expect(await countedByRedis("p")).toBe(4);
    expect(await countedByRedis("q")).toBe(0);
    const decision = await rateLimiter.check("p", free);
    expect(decision).toMatchObject({ allowed: true, limit: 120 });
    expect(decision.degraded).toBeUndefined();
    expect(await countedByRedis("p")).toBe(5);
  });

  it("stopped: opens after 3 failures; restarted on the same port: the probe (every 2 s) closes it, and Redis counts again", async () => {
    const rateLimiter = makeLimiter();
    expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, remaining: 119 });
    await redis.stop();
    for (let i = 0; i < 3; i++) expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, degraded: true });
    expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, remaining: 119, degraded: true, degradedReason: "circuit-open" });
    expect(await rateLimiter.health()).toBe("degraded");
    await redis.start();
    // A deadline for the real 2 s probe to be answered, not a speed claim: generous, so a busy machine cannot fail it.
    await waitFor(async () => (await rateLimiter.health()) === "ok", { timeoutMs: 15_000, what: "the probe to close the breaker" });
    expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, remaining: 119 }); // an empty Redis
    expect(await rateLimiter.check("q", free)).toMatchObject({ allowed: true, remaining: 118 });
  });
});
