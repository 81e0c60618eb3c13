import IORedis from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { HealthReport } from "@/lib/health";
import { closeRateLimiter, getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";
import type { DegradedReason, RateLimitDecision } from "@/lib/rate-limit/types";
import { signIn } from "@/lib/staff/sign-in";
import { seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";
import { startPrivateRedis, type PrivateRedis } from "../../support/private-redis";
import { waitFor } from "../../support/wait-for";

/**
 * The rate limiter's Redis failing under the partner API, on a redis-server of this file's own
 * (stopped, restarted, frozen with SIGSTOP): the circuit breaker makes requests skip Redis
 * once it has failed 3 times in a row, a background probe closes it again, and the limits
 * that must not fail open (key guessing, staff sign-in) fall back to in-process limits.
 * The limiter's timeout is the default (500 ms). What is asserted is why each request was
 * served as it was (the plan limiter's decisions, read as the route got them) and, from
 * Redis itself, what it was asked: no timing, which a busy machine could break.
 */
const database = setupTestDatabase();
let redis: PrivateRedis | undefined;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  redis = await startPrivateRedis();
  process.env.REDIS_URL = redis.url;
  delete process.env.RATE_LIMIT_TIMEOUT_MS;
});

afterEach(async () => {
  redis?.thaw();
  vi.restoreAllMocks();
  await closeRateLimiter(); // a fresh limiter (and breaker) for the next test
  vi.useRealTimers();
  if (redis && !redis.running) await redis.start();
});

afterAll(async () => {
  await closeRateLimiter();
  await redis?.stop();
});

async function health(): Promise<HealthReport> {
  const { GET } = await import("@/app/api/health/route");
  return (await (await GET()).json()) as HealthReport;
}

/**
 * Polls health every 100 ms until the limiter is ok again; the milliseconds it took (printed).
 * `withinMs` is a deadline for the breaker's probe (every 2 s) to be answered, not a speed claim.
 */
async function untilHealthOk(withinMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if ((await health()).rateLimit === "ok") return Math.round(performance.now() - started);
    await new Promise((resume) => setTimeout(resume, 100));
  }
  throw new Error(`health did not return to ok within ${withinMs} ms`);
}

const remaining = (response: { headers: Headers }) => Number(response.headers.get("x-ratelimit-remaining"));

/** The plan limiter's decisions from here on, as the partner routes got them; `reasons()` lists why each was not counted ("counted" if it was). */
function watchPlanDecisions() {
  const check = vi.spyOn(getRateLimiter(), "check");
  return {
    reasons: async (): Promise<(DegradedReason | "counted")[]> => {
      const decisions = await Promise.all(check.mock.results.map((result) => result.value as Promise<RateLimitDecision>));
      return decisions.map((decision) => (decision.degraded ? (decision.degradedReason ?? "error") : "counted"));
    },
  };
}

/** The requests of `propertyId` the private Redis counted against its plan limit, summed over every window. */
async function countedByRedis(propertyId: string): Promise<number> {
  const client = new IORedis(redis!.url, { maxRetriesPerRequest: 1 });
  try {
    const keys = (await client.keys(`${process.env.RATE_LIMIT_PREFIX}:${propertyId}:*`)).filter((key) => /:\d+$/.test(key));
    const values = keys.length ? await client.mget(...keys) : [];
    return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
  } finally {
    client.disconnect();
  }
}

const times = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

describe("the rate limiter's Redis failing (a private redis-server)", () => {
  it("stopped: partners are served and health says degraded; restarted: health ok within seconds and requests are counted again", async () => {
    const hotel = await partnerFixture(database().db, { name: "Stopped Redis Inn" });
    const me = () => api("GET", "/me", { key: hotel.readKey.key });
    const first = await me();
    const second = await me();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(remaining(second)).toBe(remaining(first) - 1);
    expect(await health()).toMatchObject({ status: "ok", rateLimit: "ok", rateLimitBackend: "redis" });

    const plan = watchPlanDecisions();
    await redis!.stop();
    for (let i = 0; i < 10; i++) {
      const response = await me();
      expect(response.status).toBe(200);
      expect(remaining(response)).toBe(1_199); // not counted: reported as a window's first request
    }
    // Refused connections fail at once (never the 500 ms timeout); after 3 the breaker is open and Redis is not tried.
    expect(await plan.reasons()).toEqual([...times(3, "error"), ...times(7, "circuit-open")]);
    expect(await health()).toEqual({ status: "degraded", database: "ok", rateLimit: "degraded", rateLimitBackend: "redis" });

    await redis!.start(); // same port, empty (nothing was saved)
    const backAfterMs = await untilHealthOk(15_000);
    console.log(`[redis-faults] Redis restarted: health ok again after ${backAfterMs} ms`);
    expect(await health()).toEqual({ status: "ok", database: "ok", rateLimit: "ok", rateLimitBackend: "redis" });
    const a = await me();
    const b = await me();
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(remaining(b)).toBe(remaining(a) - 1);
  });

  it("frozen (SIGSTOP): once the breaker is open, GET /me is served without asking Redis, and health says degraded without a PING; the probe closes it", async () => {
    // The breaker's probe is the only setInterval here: faked, it runs when this test says, so the
    // breaker is still open once Redis answers again, when a request or a PING sent would be answered.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const hotel = await partnerFixture(database().db, { name: "Frozen Redis Inn" });
    const me = () => api("GET", "/me", { key: hotel.readKey.key });
    expect((await me()).status).toBe(200); // connected and counted before the freeze
    const plan = watchPlanDecisions();

    let healthWhileFrozen: HealthReport;
    redis!.freeze();
    try {
      // The first 3 wait for the limiter's timeout (500 ms) and open the breaker.
      for (let i = 0; i < 103; i++) {
        const response = await me();
        expect(response.status).toBe(200);
        expect(remaining(response)).toBe(1_199);
      }
      healthWhileFrozen = await health();
    } finally {
      redis!.thaw();
    }
    expect(await plan.reasons()).toEqual([...times(3, "timeout"), ...times(100, "circuit-open")]);
    expect(healthWhileFrozen).toEqual({ status: "degraded", database: "ok", rateLimit: "degraded", rateLimitBackend: "redis" });

    // Thawed, Redis counts what reached it: the request before the freeze and the 3 that timed out.
    await waitFor(async () => (await countedByRedis(hotel.property.id)) >= 4, { what: "Redis to count the 4 requests sent to it" });
    // The breaker is open until its probe: still served without asking Redis, though it would answer now.
    const whileOpen = await me();
    expect([whileOpen.status, remaining(whileOpen)]).toEqual([200, 1_199]);
    expect(await health()).toEqual({ status: "degraded", database: "ok", rateLimit: "degraded", rateLimitBackend: "redis" });

    await vi.advanceTimersByTimeAsync(2_000); // the probe: a PING, answered after everything sent to Redis before it
    const closedAfterMs = await untilHealthOk(15_000);
    console.log(`[redis-faults] Redis thawed: the probe closed the breaker, health ok after ${closedAfterMs} ms`);
    // Not one of the 101 requests served while the breaker was open reached Redis.
    expect(await countedByRedis(hotel.property.id)).toBe(4);
    const a = await me();
    const b = await me();
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(remaining(b)).toBe(remaining(a) - 1);
    expect(await countedByRedis(hotel.property.id)).toBe(6);
    expect((await plan.reasons()).slice(-2)).toEqual(["counted", "counted"]);
  }, 90_000); // with a breaker that still waits for Redis, the 100 requests take 50 s: fail on the reasons, not the timeout

  it("frozen: key guessing still gets 429 from the 61st invalid key, and staff sign-in limits hold (in-process fallback)", async () => {
    const hotel = await partnerFixture(database().db, { name: "Guarded Frozen Inn" });
    expect((await api("GET", "/me", { key: hotel.readKey.key })).status).toBe(200);
    await seedStaff(database().db, hotel.property.id, { email: "frozen@hotel.example", role: "admin", password: "correct horse battery" });
    // The 60 guesses must fall in one minute's window: across its edge, the sliding window counts
    // the last minute's guesses weighted by what is left of it, and the 61st may rightly pass.
    const toNextMinute = 60_000 - (Date.now() % 60_000);
    if (toNextMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, toNextMinute + 100));

    redis!.freeze();
    try {
      const guess = (i: number, address = "192.0.2.61") => api("GET", "/me", { key: `rbp_guess${i}`, headers: { "x-forwarded-for": address } });
      for (let i = 0; i < 60; i++) expect((await guess(i)).status).toBe(401);
      const refused = await guess(60);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await guess(61, "192.0.2.62")).status).toBe(401); // per address
      expect((await api("GET", "/me", { key: hotel.readKey.key, headers: { "x-forwarded-for": "192.0.2.61" } })).status).toBe(200); // plan limit: fails open

      // Staff sign-in's limits live in PostgreSQL: a frozen Redis changes nothing.
      const attempt = (password: string, clientAddress: string, email = "frozen@hotel.example") => signIn(database().db, { email, password, clientAddress });
      for (let i = 0; i < 5; i++) expect(await attempt(`guess ${i} guess`, `198.51.100.${i}`)).toEqual({ ok: false, reason: "invalid_credentials" });
      expect(await attempt("correct horse battery", "198.51.100.99")).toMatchObject({ ok: false, reason: "too_many_attempts" });
    } finally {
      redis!.thaw();
    }
  }, 60_000); // up to 20 s of it waiting for the next minute
});
