import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";

const database = setupTestDatabase();

beforeAll(() => {
  useDatabaseForRoutes(database().url);
  process.env.REDIS_URL = "redis://127.0.0.1:1"; // nothing listens there
});

describe("with the rate limiter's Redis unreachable", () => {
  it("keeps serving partners (fail open), quickly, and health says the limiter is degraded", async () => {
    const hotel = await partnerFixture(database().db, { name: "Open Inn" });
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const me = await api("GET", "/me", { key: hotel.readKey.key });
      expect(me.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(2_000); // fails open after a short timeout, never hangs
    }
    const { GET } = await import("@/app/api/health/route");
    const health = await GET();
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "degraded", database: "ok", rateLimit: "degraded", rateLimitBackend: "redis" });
  });
});
