import { beforeAll, describe, expect, it } from "vitest";
import { withPartnerApi } from "@/lib/http/with-partner-api";
import { INTERNAL_ERROR_DETAIL } from "@/lib/http/problem";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";
import { testRedisUrl } from "../../support/redis";
import { awayFromWindowEdge } from "../../support/window-edge";

const database = setupTestDatabase();

beforeAll(() => {
  useDatabaseForRoutes(database().url);
  process.env.REDIS_URL = testRedisUrl(); // the shared limiter, on real Redis
  // Test files run side by side on two cores: give Redis time, so that counting is tested,
  // not failing open under the test run's own load (tested in redis-down.test.ts).
  process.env.RATE_LIMIT_TIMEOUT_MS = "5000";
});

describe("per-plan rate limits through the API, on Redis", () => {
  it("lets exactly 120 of 125 requests of a Free property through and answers the rest 429 with an honest Retry-After", async () => {
    const hotel = await partnerFixture(database().db, { name: "Limited Inn", plan: "free" });
    const other = await (await import("@/prisma/factories")).seedApiKey(database().db, hotel.property.id, "read", "Second key");
    await awayFromWindowEdge(60, 10_000);
    // Two keys of one property share its limit.
    const responses = await Promise.all(Array.from({ length: 125 }, (_, i) => api("GET", "/me", { key: i % 2 ? hotel.readKey.key : other.key })));
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok).toHaveLength(120);
    expect(limited).toHaveLength(5);
    for (const response of limited) {
      expect(response.body.code).toBe("rate_limited");
      expect(response.body.detail).toMatch(/120 requests per minute/);
      expect(response.body.detail).toMatch(/Free plan/);
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(response.headers.get("ratelimit-policy")).toBe('"free";q=120;w=60');
    }
    const remaining = ok.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b);
    expect(remaining[0]).toBe(0);
    expect(remaining.at(-1)).toBe(119);
  });

  it("counts a Free property's test traffic apart: its test key gets the plan's 120 a minute while the live key's counter stays untouched; write stays refused", async () => {
    const hotel = await partnerFixture(database().db, { name: "Sandbox Inn", plan: "free" });
    const twin = await openTestTwin(database().db, hotel.property.id);
    const testKey = await createApiKey(database().db, { propertyId: twin.id, scope: "read", label: "Test", actor: TEST_ACTOR });
    await expect(createApiKey(database().db, { propertyId: twin.id, scope: "write", label: "Test write", actor: TEST_ACTOR })).rejects.toThrow(/Starter plan/);
    await awayFromWindowEdge(60, 10_000);
    const responses = await Promise.all(Array.from({ length: 125 }, () => api("GET", "/me", { key: testKey.key })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(120);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(5);
    const live = await api("GET", "/me", { key: hotel.readKey.key });
    expect(live.status).toBe(200);
    expect(live.headers.get("x-ratelimit-remaining")).toBe("119");
  });

  it("limits key guessing per client address: the 61st invalid key in a minute gets 429; a missing key is always 401", async () => {
    const hotel = await partnerFixture(database().db, { name: "Guarded Inn" });
    const address = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const guess = (i: number) => api("GET", "/me", { key: `rbp_guess${i}`, headers: { "x-forwarded-for": address } });
    await awayFromWindowEdge(60, 10_000);
    for (let i = 0; i < 60; i++) expect((await guess(i)).status).toBe(401);
    const refused = await guess(60);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const missing = await api("GET", "/me", { headers: { "x-forwarded-for": address } });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe("missing_api_key");
    // Valid keys from that address still work, and another address may still guess.
    expect((await api("GET", "/me", { key: hotel.readKey.key, headers: { "x-forwarded-for": address } })).status).toBe(200);
    expect((await api("GET", "/me", { key: "rbp_other", headers: { "x-forwarded-for": "192.0.2.250" } })).status).toBe(401);
  });
});

describe("failures", () => {
  it("answers a bug with a generic 500 that reveals nothing, with the request id", async () => {
    const hotel = await partnerFixture(database().db, { name: "Buggy Inn" });
    const route = withPartnerApi({ scope: "read", route: "GET /test" }, async () => {
      throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
    });
    const response = await route(new Request("http://127.0.0.1/partner/v1/test", { headers: { "x-api-key": hotel.readKey.key, "x-request-id": "trace-me-1" } }));
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("trace-me-1");
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: "internal_error", detail: INTERNAL_ERROR_DETAIL, requestId: "trace-me-1" });
    expect(text).not.toMatch(/secret_table|SELECT|stack|at /);
  });
});
