import { createServer, type Server, type Socket } from "node:net";
import IORedis from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createRateLimiter, type RateLimiterConfig } from "@/lib/rate-limit/create-rate-limiter";
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from "@/lib/rate-limit/types";
import { deleteKeys, startFreshRedis, testRedisUrl, uniquePrefix } from "../support/redis";
import { awayFromWindowEdge } from "../support/window-edge";
import { startUpstashRestStandin, type UpstashRestStandin } from "../support/upstash-rest-standin";

const free: RateLimitPolicy = { name: "free", limit: 120, windowSeconds: 60 };
const MINUTE = 60_000;

/**
 * Both shared backends against a real Redis: "redis" over TCP (ioredis), "upstash" over the
 * REST protocol through test/support/upstash-rest-standin.ts. The counting tests give Redis 5 s
 * (not the 500 ms default) so a busy machine cannot turn them into fail-open runs.
 */
describe.each(["redis", "upstash"] as const)("rate limiter on %s", (backend) => {
  let standin: UpstashRestStandin | undefined;
  const opened: RateLimiter[] = [];
  const prefixes: string[] = [];

  beforeAll(async () => {
    if (backend === "upstash") standin = await startUpstashRestStandin({ redisUrl: testRedisUrl() });
  });
  afterAll(async () => {
    await standin?.close();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((limiter) => limiter.close()));
    await Promise.all(prefixes.splice(0).map((prefix) => deleteKeys(testRedisUrl(), prefix)));
  });

  function limiter(config: Partial<RateLimiterConfig> & { prefix: string }): RateLimiter {
    const made = createRateLimiter({
      backend,
      redisUrl: testRedisUrl(),
      upstashUrl: standin?.url,
      upstashToken: standin?.token,
      timeoutMs: 5_000,
      ...config,
    });
    opened.push(made);
    return made;
  }

  function freshPrefix(label: string): string {
    const prefix = uniquePrefix(`${backend}-${label}`);
    prefixes.push(prefix);
    return prefix;
  }

  it("lets exactly 120 of 125 concurrent checks through, refusing 5 with an honest Retry-After", async () => {
    const prefix = freshPrefix("burst");
    const rateLimiter = limiter({ prefix });
    expect(rateLimiter.backend).toBe(backend);
    await awayFromWindowEdge(60);
    const before = Date.now();
    const pipelinesBefore = standin?.requests.pipeline ?? 0;
    const decisions = await Promise.all(Array.from({ length: 125 }, () => rateLimiter.check("property-1", free)));
    const after = Date.now();
    // @upstash/redis batches concurrent commands into /pipeline requests.
    if (standin) expect(standin.requests.pipeline).toBeGreaterThan(pipelinesBefore);

    const allowed = decisions.filter((d) => d.allowed);
    const refused = decisions.filter((d) => !d.allowed);
    expect(allowed).toHaveLength(120);
    expect(refused).toHaveLength(5);
    expect(decisions.some((d) => d.degraded)).toBe(false);
    // One script run per check: every remaining count from 119 down to 0 exactly once.
    expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    // The previous window is empty and this one is full: a request passes 1 ms after it ends.
    const windowEnd = (Math.floor(before / MINUTE) + 1) * MINUTE;
    for (const decision of refused) {
      expect(decision).toMatchObject({ limit: 120, remaining: 0 });
      expect(Number.isInteger(decision.retryAfterSeconds)).toBe(true);
      expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(decision.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(Math.ceil((windowEnd + 1 - after) / 1000));
      expect(decision.retryAfterSeconds).toBeLessThanOrEqual(Math.ceil((windowEnd + 1 - before) / 1000));
    }
    for (const decision of decisions) {
      expect(decision.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(decision.resetSeconds).toBeLessThanOrEqual(60);
    }

    // The counters are where retry-after.ts reads them: `${prefix}:${identifier}:${window index}`.
    const redis = new IORedis(testRedisUrl());
    try {
      expect(await redis.get(`${prefix}:property-1:${Math.floor(before / MINUTE)}`)).toBe("120");
    } finally {
      redis.disconnect();
    }
  });

  it("shares the count between two instances of the app", async () => {
    const prefix = freshPrefix("shared");
    const first = limiter({ prefix });
    const second = limiter({ prefix });
    await awayFromWindowEdge(60);
    const decisions = await Promise.all(
      Array.from({ length: 130 }, (_, i) => (i % 2 === 0 ? first : second).check("property-2", free)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(120);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(10);
    // Another identifier has its own count.
    expect(await second.check("property-3", free)).toMatchObject({ allowed: true, remaining: 119 });
  });

  it("answers health with ok", async () => {
    expect(await limiter({ prefix: freshPrefix("health") }).health()).toBe("ok");
  });

  it("fails open when Redis answers with an error", async () => {
    const prefix = freshPrefix("wrongtype");
    const redis = new IORedis(testRedisUrl());
    try {
      // A hash where the script expects a counter: the script errors (WRONGTYPE).
      const index = Math.floor(Date.now() / MINUTE);
      await redis.hset(`${prefix}:property-4:${index}`, "x", "1");
      await redis.hset(`${prefix}:property-4:${index + 1}`, "x", "1");
      await redis.expire(`${prefix}:property-4:${index}`, 300);
      await redis.expire(`${prefix}:property-4:${index + 1}`, 300);
    } finally {
      redis.disconnect();
    }
    const decision = await limiter({ prefix }).check("property-4", free);
    expect(decision).toMatchObject({ allowed: true, degraded: true, limit: 120 });
  });

  it("fails open at once when Redis refuses connections: no timer runs out first (the timeout, a reconnect)", async () => {
    const rateLimiter = limiter({
      prefix: freshPrefix("down"),
      timeoutMs: undefined, // the default (500 ms)
      redisUrl: "redis://127.0.0.1:1",
      upstashUrl: "http://127.0.0.1:1",
      upstashToken: "token",
    });
    // Timers stand still: the limiter's timeout, the store's connect wait and the client's reconnects never fire,
    // so a check that waited for any of them would never be answered (and the test would time out).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const decisions: RateLimitDecision[] = [];
    try {
      for (let i = 0; i < 5; i++) decisions.push(await rateLimiter.check("property-5", free));
    } finally {
      vi.useRealTimers();
    }
    for (const decision of decisions) {
      expect(decision).toEqual({ allowed: true, limit: 120, remaining: 119, resetSeconds: expect.any(Number), degraded: true, degradedReason: expect.any(String) });
      expect(decision.resetSeconds).toBeGreaterThanOrEqual(1);
    }
    // Each refusal is a failure at once (not a timeout); the third opens the breaker, which skips Redis from then on.
    expect(decisions.map((decision) => decision.degradedReason)).toEqual(["error", "error", "error", "circuit-open", "circuit-open"]);
    expect(await rateLimiter.health()).toBe("degraded");
  });

  it("fails open at its timeout (the default 500 ms) when Redis accepts connections but never answers", async () => {
    const hung = await startSilentServer();
    try {
      const rateLimiter = limiter({
        prefix: freshPrefix("hung"),
        timeoutMs: undefined, // the default (500 ms)
        redisUrl: `redis://127.0.0.1:${hung.port}`,
        upstashUrl: `http://127.0.0.1:${hung.port}`,
        upstashToken: "token",
      });
      const decisions = await Promise.all(Array.from({ length: 3 }, () => rateLimiter.check("property-7", free)));
      // The limiter's own timeout ended each wait, before the store's later ones (a 1 s connect wait, a 2 s request timeout).
      for (const decision of decisions) expect(decision).toMatchObject({ allowed: true, limit: 120, remaining: 119, degraded: true, degradedReason: "timeout" });
      expect(await rateLimiter.health()).toBe("degraded"); // the 3 timeouts opened the breaker: no PING waited for
    } finally {
      await Promise.all(opened.splice(0).map((made) => made.close()));
      await hung.close();
    }
  });

  it("works on a fresh Redis with no script loaded (EVALSHA → NOSCRIPT → EVAL)", async () => {
    const fresh = await startFreshRedis();
    const freshStandin = backend === "upstash" ? await startUpstashRestStandin({ redisUrl: fresh.url }) : undefined;
    const probe = new IORedis(fresh.url);
    try {
      const cachedScripts = async () => Number(/number_of_cached_scripts:(\d+)/.exec(await probe.info("memory"))?.[1]);
      expect(await cachedScripts()).toBe(0);
      const rateLimiter = limiter({ prefix: freshPrefix("fresh"), redisUrl: fresh.url, upstashUrl: freshStandin?.url, upstashToken: freshStandin?.token });
      expect(await rateLimiter.check("property-6", free)).toMatchObject({ allowed: true, remaining: 119 });
      expect(await cachedScripts()).toBe(1);
      expect(await rateLimiter.check("property-6", free)).toMatchObject({ allowed: true, remaining: 118 });
      expect(await cachedScripts()).toBe(1);
    } finally {
      probe.disconnect();
      await Promise.all(opened.splice(0).map((made) => made.close()));
      await freshStandin?.close();
      await fresh.stop();
    }
  });
});

/** A TCP server that accepts connections and never says a word (a hung Redis or HTTP endpoint). */
async function startSilentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", () => listening()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
