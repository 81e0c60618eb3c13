import { describe, expect, it, vi } from "vitest";
import { rateLimiterConfigFromEnv, describeRateLimiterTarget } from "@/lib/rate-limit/config-from-env";
import { storeOverIoredis, type IoredisLike } from "@/lib/rate-limit/ioredis-store";
import { createRedisBackedRateLimiter } from "@/lib/rate-limit/redis-backed-rate-limiter";
import type { RedisStore } from "@/lib/rate-limit/redis-store";
import { createThrottledWarning } from "@/lib/rate-limit/throttled-warning";

const free = { name: "free", limit: 120, windowSeconds: 60 };

/** An ioredis stand-in that knows no script until EVAL (a fresh Redis) and runs the sliding-window script's rule in JS. */
function fakeIoredis(status: string = "ready") {
  const values = new Map<string, number>();
  const calls: string[] = [];
  const loaded = new Set<string>();
  const runScript = (numKeys: number, rest: (string | number)[]) => {
    const [currentKey, previousKey] = rest.slice(0, numKeys).map(String) as [string, string];
    const [tokens, now, window, incrementBy] = rest.slice(numKeys).map(Number) as [number, number, number, number];
    const current = values.get(currentKey) ?? 0;
    const previous = Math.floor((1 - (now % window) / window) * (values.get(previousKey) ?? 0));
    if (previous + current >= tokens) return [-1, tokens];
    values.set(currentKey, current + incrementBy);
    return [tokens - (current + incrementBy + previous), tokens];
  };
  const client = {
    status,
    connect: async () => {},
    disconnect: () => {},
    quit: async () => "OK",
    once: () => client,
    off: () => client,
    async evalsha(sha: string, numKeys: number, ...rest: (string | number)[]) {
      calls.push("evalsha");
      if (!loaded.has(sha)) throw new Error("NOSCRIPT No matching script. Please use EVAL.");
      return runScript(numKeys, rest);
    },
    async eval(script: string, numKeys: number, ...rest: (string | number)[]) {
      calls.push("eval");
      const { createHash } = await import("node:crypto");
      loaded.add(createHash("sha1").update(script).digest("hex"));
      return runScript(numKeys, rest);
    },
    async mget(...keys: string[]) {
      calls.push("mget");
      return keys.map((key) => (values.has(key) ? String(values.get(key)) : null));
    },
    async ping() {
      calls.push("ping");
      return "PONG";
    },
  };
  return { client: client as unknown as IoredisLike, calls, values };
}

function limiterOver(store: RedisStore, options: { timeoutMs?: number } = {}) {
  const logger = { warn: vi.fn() };
  const warn = createThrottledWarning({ logger });
  const limiter = createRedisBackedRateLimiter({ backend: "redis", store, prefix: "t", timeoutMs: options.timeoutMs ?? 250, warn });
  return { limiter, logger };
}

const never = () => new Promise<never>(() => {});

describe("Ratelimit-backed limiter (fakes)", () => {
  it("falls back from EVALSHA to EVAL on NOSCRIPT (a fresh Redis), then uses EVALSHA", async () => {
    const fake = fakeIoredis();
    const { limiter } = limiterOver(storeOverIoredis(fake.client, { connectWaitMs: 100 }));
    expect(await limiter.check("p", free)).toMatchObject({ allowed: true, remaining: 119 });
    expect(fake.calls).toEqual(["evalsha", "eval"]);
    expect(await limiter.check("p", free)).toMatchObject({ allowed: true, remaining: 118 });
    expect(fake.calls).toEqual(["evalsha", "eval", "evalsha"]);
  });

  it("reads both counters when refusing, for an honest Retry-After", async () => {
    const fake = fakeIoredis();
    const { limiter } = limiterOver(storeOverIoredis(fake.client, { connectWaitMs: 100 }));
    const tiny = { name: "tiny", limit: 2, windowSeconds: 60 };
    await limiter.check("p", tiny);
    await limiter.check("p", tiny);
    const refused = await limiter.check("p", tiny);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(fake.calls.at(-1)).toBe("mget");
  });

  it("fails open at once while ioredis is reconnecting (nothing queued)", async () => {
    const fake = fakeIoredis("reconnecting");
    const { limiter, logger } = limiterOver(storeOverIoredis(fake.client, { connectWaitMs: 100 }));
    const decision = await limiter.check("p", free);
    expect(decision).toMatchObject({ allowed: true, degraded: true, limit: 120, remaining: 119 });
    expect(fake.calls).toEqual([]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(await limiter.health()).toBe("degraded");
  });

  it("fails open on errors, warning once per 10 s however many requests", async () => {
    const failing: RedisStore = {
      ratelimitClient: { evalsha: () => Promise.reject(new Error("ECONNRESET")), eval: () => Promise.reject(new Error("ECONNRESET")) },
      readCounters: () => Promise.reject(new Error("ECONNRESET")),
      ping: () => Promise.reject(new Error("ECONNRESET")),
      close: async () => {},
    };
    const { limiter, logger } = limiterOver(failing);
    for (let i = 0; i < 20; i++) {
      const decision = await limiter.check("p", free);
      expect(decision.allowed).toBe(true);
      expect(decision.degraded).toBe(true);
      expect(decision.resetSeconds).toBeGreaterThanOrEqual(1);
    }
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it("fails open when Redis hangs past the timeout", async () => {
    const hanging: RedisStore = {
      ratelimitClient: { evalsha: never, eval: never },
      readCounters: never,
      ping: never,
      close: async () => {},
    };
    const { limiter } = limiterOver(hanging, { timeoutMs: 20 });
    expect(await limiter.check("p", free)).toMatchObject({ allowed: true, degraded: true });
    expect(await limiter.health()).toBe("degraded");
  });

  it("falls back to the end of the window + 1 ms when the counters cannot be read", async () => {
    const store: RedisStore = {
      ratelimitClient: { evalsha: async () => [-1, 2], eval: async () => [-1, 2] },
      readCounters: never,
      ping: async () => {},
      close: async () => {},
    };
    const { limiter } = limiterOver(store, { timeoutMs: 20 });
    const before = Date.now();
    const decision = await limiter.check("p", { name: "tiny", limit: 2, windowSeconds: 60 });
    const after = Date.now();
    expect(decision.allowed).toBe(false);
    const bound = (at: number) => Math.min(60, Math.ceil((Math.floor(at / 60_000) * 60_000 + 60_001 - at) / 1000));
    expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(Math.min(bound(before), bound(after)));
    expect(decision.retryAfterSeconds).toBeLessThanOrEqual(Math.max(bound(before), bound(after)));
    expect(await limiter.health()).toBe("ok");
  });
});

describe("throttled warning", () => {
  it("logs once per interval and kind, then counts what it left out", () => {
    const logger = { warn: vi.fn() };
    let now = 0;
    const warn = createThrottledWarning({ logger, intervalMs: 10_000, now: () => now });
    warn("timeout", {}, "slow");
    warn("timeout", {}, "slow");
    warn("error", {}, "broken");
    now = 9_999;
    warn("timeout", {}, "slow");
    expect(logger.warn).toHaveBeenCalledTimes(2);
    now = 10_000;
    warn("timeout", {}, "slow");
    expect(logger.warn).toHaveBeenLastCalledWith({ suppressedSinceLastWarning: 2 }, "slow");
  });
});

describe("backend from the environment", () => {
  it("prefers Upstash, then REDIS_URL, then memory; RATE_LIMIT_BACKEND overrides", () => {
    const upstash = { UPSTASH_REDIS_REST_URL: "https://eu1.upstash.example", UPSTASH_REDIS_REST_TOKEN: "secret" };
    const redis = { REDIS_URL: "redis://:pw@cache:6379" };
    expect(rateLimiterConfigFromEnv({ ...upstash, ...redis }, undefined)).toMatchObject({ backend: "upstash", upstashToken: "secret", prefix: "rb:rl" });
    expect(rateLimiterConfigFromEnv(redis, " app1 ")).toMatchObject({ backend: "redis", redisUrl: "redis://:pw@cache:6379", prefix: "app1" });
    expect(rateLimiterConfigFromEnv({}, "")).toMatchObject({ backend: "memory", prefix: "rb:rl" });
    expect(rateLimiterConfigFromEnv({ ...upstash, ...redis, RATE_LIMIT_BACKEND: "redis" }, undefined).backend).toBe("redis");
    expect(rateLimiterConfigFromEnv({ ...redis, RATE_LIMIT_BACKEND: "memory" }, undefined).backend).toBe("memory");
    expect(() => rateLimiterConfigFromEnv({ RATE_LIMIT_BACKEND: "redis" }, undefined)).toThrow(/REDIS_URL/);
    expect(() => rateLimiterConfigFromEnv({ ...redis, RATE_LIMIT_BACKEND: "upstash" }, undefined)).toThrow(/UPSTASH_REDIS_REST_URL/);
  });

  it("logs where the limiter points without passwords", () => {
    expect(describeRateLimiterTarget({ backend: "redis", redisUrl: "redis://:pw@cache:6379/0" })).toBe("redis://cache:6379");
    expect(describeRateLimiterTarget({ backend: "memory" })).toBeUndefined();
  });
});
