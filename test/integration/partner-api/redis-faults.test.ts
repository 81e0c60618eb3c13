import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { HealthReport } from "@/lib/health";
import { closeRateLimiter } from "@/lib/rate-limit/get-rate-limiter";
import { signIn } from "@/lib/staff/sign-in";
import { seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";
import { startPrivateRedis, type PrivateRedis } from "../../support/private-redis";

/**
 * The rate limiter's Redis failing under the partner API, on a redis-server of this file's own
 * (stopped, restarted, frozen with SIGSTOP): the circuit breaker makes requests skip Redis
 * once it has failed 3 times in a row, a background probe closes it again, and the limits
 * that must not fail open (key guessing, staff sign-in) fall back to in-process limits.
 * The limiter's timeout is the default (500 ms).
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
  await closeRateLimiter(); // a fresh limiter (and breaker) for the next test
  if (redis && !redis.running) await redis.start();
});

afterAll(async () => {
  await closeRateLimiter();
  await redis?.stop();
});

async function health(): Promise<{ report: HealthReport; ms: number }> {
  const { GET } = await import("@/app/api/health/route");
  const started = performance.now();
  const response = await GET();
  const report = (await response.json()) as HealthReport;
  return { report, ms: performance.now() - started };
}

/** Polls health every 100 ms until the limiter is ok again; the milliseconds it took. */
async function untilHealthOk(withinMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if ((await health()).report.rateLimit === "ok") return Math.round(performance.now() - started);
    await new Promise((resume) => setTimeout(resume, 100));
  }
  throw new Error(`health did not return to ok within ${withinMs} ms`);
}

const remaining = (response: { headers: Headers }) => Number(response.headers.get("x-ratelimit-remaining"));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

describe("the rate limiter's Redis failing (a private redis-server)", () => {
  it("stopped: partners are served and health says degraded; restarted: health ok within seconds and requests are counted again", async () => {
    const hotel = await partnerFixture(database().db, { name: "Stopped Redis Inn" });
    const me = () => api("GET", "/me", { key: hotel.readKey.key });
    const first = await me();
    const second = await me();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(remaining(second)).toBe(remaining(first) - 1);
    expect((await health()).report).toMatchObject({ status: "ok", rateLimit: "ok", rateLimitBackend: "redis" });

    await redis!.stop();
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const response = await me();
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(remaining(response)).toBe(1_199); // not counted: reported as a window's first request
    }
    expect((await health()).report).toEqual({ status: "degraded", database: "ok", rateLimit: "degraded", rateLimitBackend: "redis" });

    await redis!.start(); // same port, empty (nothing was saved)
    const backAfterMs = await untilHealthOk(10_000);
    console.log(`[redis-faults] Redis restarted: health ok again after ${backAfterMs} ms`);
    expect((await health()).report).toEqual({ status: "ok", database: "ok", rateLimit: "ok", rateLimitBackend: "redis" });
    const a = await me();
    const b = await me();
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(remaining(b)).toBe(remaining(a) - 1);
  });

  it("frozen (SIGSTOP): once the breaker is open, 100 GET /me have p99 under 50 ms; thawed: the breaker closes within seconds", async () => {
    const hotel = await partnerFixture(database().db, { name: "Frozen Redis Inn" });
    const me = () => api("GET", "/me", { key: hotel.readKey.key });
    expect((await me()).status).toBe(200); // connected and counted before the freeze

    const opening: number[] = [];
    const samples: number[] = [];
    let healthWhileOpen: Awaited<ReturnType<typeof health>>;
    redis!.freeze();
    try {
      // The first 3 wait for the limiter's timeout (500 ms) and open the breaker.
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        expect((await me()).status).toBe(200);
        opening.push(Math.round(performance.now() - started));
      }
      for (let i = 0; i < 100; i++) {
        const started = performance.now();
        const response = await me();
        samples.push(performance.now() - started);
        expect(response.status).toBe(200);
      }
      healthWhileOpen = await health();
    } finally {
      redis!.thaw();
    }
    const p50 = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    console.log(
      `[redis-faults] Redis frozen: first 3 GET /me ${opening.join(", ")} ms (breaker opening); next 100: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms; health ${Math.round(healthWhileOpen.ms)} ms`,
    );
    expect(p99).toBeLessThan(50);
    expect(healthWhileOpen.report).toMatchObject({ status: "degraded", database: "ok", rateLimit: "degraded" });
    expect(healthWhileOpen.ms).toBeLessThan(250); // no PING waited for (its timeout is 300 ms)

    const closedAfterMs = await untilHealthOk(10_000);
    console.log(`[redis-faults] Redis thawed: breaker closed, health ok after ${closedAfterMs} ms`);
    const a = await me();
    const b = await me();
    expect(remaining(b)).toBe(remaining(a) - 1);
  }, 90_000); // without the breaker the 100 requests take 50 s: fail on the p99, not the timeout

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
