import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeRateLimiter, getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";
import type { RateLimitDecision } from "@/lib/rate-limit/types";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";

const database = setupTestDatabase();

beforeAll(() => {
  useDatabaseForRoutes(database().url);
  process.env.REDIS_URL = "redis://127.0.0.1:1"; // nothing listens there
  // The longest the environment allows: a request that waited for the limiter's timeout would take 10 s.
  process.env.RATE_LIMIT_TIMEOUT_MS = "10000";
});

afterAll(async () => {
  vi.restoreAllMocks();
  await closeRateLimiter();
});

describe("with the rate limiter's Redis unreachable", () => {
  it("keeps serving partners (fail open) without waiting for Redis, and health says the limiter is degraded", async () => {
    const hotel = await partnerFixture(database().db, { name: "Open Inn" });
    const check = vi.spyOn(getRateLimiter(), "check");
    for (let i = 0; i < 3; i++) {
      const me = await api("GET", "/me", { key: hotel.readKey.key });
      expect(me.status).toBe(200);
      expect(me.headers.get("x-ratelimit-remaining")).toBe("1199"); // not counted: reported as a window's first request
    }
    // The plan limit's decisions as the route got them: each refused connection failed at once, never at the timeout.
    const decisions = await Promise.all(check.mock.results.map((result) => result.value as Promise<RateLimitDecision>));
    expect(decisions.map((decision) => [decision.degraded, decision.degradedReason])).toEqual([
      [true, "error"],
      [true, "error"],
      [true, "error"],
    ]);
    const { GET } = await import("@/app/api/health/route");
    const health = await GET();
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "degraded", database: "ok", rateLimit: "degraded", rateLimitBackend: "redis" });
  });
});
