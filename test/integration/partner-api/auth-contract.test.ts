import { beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { setPropertyPlan } from "@/lib/properties/set-property-plan";
import { seedApiKey } from "@/prisma/factories";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

const database = setupTestDatabase();
let paid: Awaited<ReturnType<typeof partnerFixture>>;
let free: Awaited<ReturnType<typeof partnerFixture>>;
let bookingId: string;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  paid = await partnerFixture(database().db);
  free = await partnerFixture(database().db, { name: "Free Inn", plan: "free" });
  const created = await api("POST", "/bookings", {
    key: paid.writeKey!.key,
    body: { roomTypeId: paid.roomTypes[0]!.id, ...paid.stay, adults: 2, guest: GUEST },
  });
  expect(created.status).toBe(201);
  bookingId = created.body.id;
});

/** Every partner route, with a request that would succeed with the right key. */
function routes() {
  const { checkin, checkout } = paid.stay;
  return [
    { method: "GET", path: "/me", scope: "read" },
    { method: "GET", path: `/availability?checkin=${checkin}&checkout=${checkout}&adults=2`, scope: "read" },
    { method: "GET", path: "/room-types", scope: "read" },
    { method: "GET", path: "/rate-plans", scope: "read" },
    { method: "GET", path: `/room-types/${paid.roomTypes[0]!.id}`, scope: "read" },
    { method: "GET", path: `/rates?from=${checkin}&to=${checkout}`, scope: "read" },
    { method: "GET", path: "/bookings", scope: "read" },
    { method: "GET", path: `/bookings/${bookingId}`, scope: "read" },
    { method: "POST", path: "/bookings", scope: "write", body: { roomTypeId: paid.roomTypes[1]!.id, checkin, checkout, adults: 1, guest: GUEST } },
    { method: "PATCH", path: `/bookings/${bookingId}`, scope: "write", body: { adults: 1 } },
    { method: "POST", path: `/bookings/${bookingId}/cancel`, scope: "write", body: {} },
  ] as const;
}

function expectProblem(response: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.body).toMatchObject({ status, code, type: `/docs/errors#${code}` });
  expect(response.body.requestId).toBe(response.headers.get("x-request-id"));
}

describe("the auth contract, on every partner route", () => {
  it("refuses a request without X-Api-Key: 401 missing_api_key with the seed's text", async () => {
    for (const route of routes()) {
      const response = await api(route.method, route.path, { body: "body" in route ? route.body : undefined });
      expectProblem(response, 401, "missing_api_key");
      expect(response.body.detail, route.path).toBe("Missing X-Api-Key header.");
      expect(response.headers.get("ratelimit"), "no limit headers without a key").toBeNull();
    }
  });

  it("refuses unknown and malformed keys alike: 401 invalid_api_key, the same text (no oracle)", async () => {
    const lookalike = `rbp_${"A".repeat(38)}`;
    for (const route of routes()) {
      for (const key of [lookalike, "not-a-key", paid.writeKey!.key.slice(0, -1)]) {
        const response = await api(route.method, route.path, { key, headers: { "x-forwarded-for": `198.51.100.${routes().indexOf(route)}` } });
        expectProblem(response, 401, "invalid_api_key");
        expect(response.body.detail).toBe("Invalid API key.");
      }
    }
  });

  it("refuses writes on a Free property with the seed's text, and writes with a read key with insufficient_scope", async () => {
    for (const route of routes().filter((r) => r.scope === "write")) {
      const onFree = await api(route.method, route.path, { key: free.readKey.key, body: route.body });
      expectProblem(onFree, 403, "plan_upgrade_required");
      expect(onFree.body.detail).toBe("Write API requires the Starter plan or higher.");
      const readOnly = await api(route.method, route.path, { key: paid.readKey.key, body: route.body });
      expectProblem(readOnly, 403, "insufficient_scope");
    }
  });

  it("answers every route with a valid key, with request id and both rate-limit header styles, errors included", async () => {
    for (const route of routes()) {
      const key = route.scope === "write" ? paid.writeKey!.key : paid.readKey.key;
      const response = await api(route.method, route.path, { key, body: "body" in route ? route.body : undefined });
      expect(response.status, `${route.method} ${route.path}: ${response.text}`).toBeLessThan(300);
      for (const header of ["x-request-id", "ratelimit", "ratelimit-policy", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
        expect(response.headers.get(header), `${route.path} ${header}`).not.toBeNull();
      }
      expect(response.headers.get("ratelimit-policy")).toBe('"starter";q=1200;w=60');
      expect(response.headers.get("access-control-allow-origin"), "no CORS").toBeNull();
    }
    const error = await api("GET", "/bookings/bk_00000000000000000000", { key: paid.readKey.key });
    expectProblem(error, 404, "not_found");
    expect(error.headers.get("x-ratelimit-limit")).toBe("1200");
  });

  it("refuses a revoked key on the very next request", async () => {
    const key = await seedApiKey(database().db, paid.property.id, "read", "Soon revoked");
    expect((await api("GET", "/me", { key: key.key })).status).toBe(200);
    await revokeApiKey(database().db, { keyId: key.id, actor: ADMIN_CLI_ACTOR });
    expectProblem(await api("GET", "/me", { key: key.key }), 401, "invalid_api_key");
  });

  it("refuses a rotated key's old value at once and accepts the new one", async () => {
    const key = await seedApiKey(database().db, paid.property.id, "write", "Rotating");
    expect((await api("GET", "/me", { key: key.key })).status).toBe(200);
    const rotated = await rotateApiKey(database().db, { keyId: key.id, actor: ADMIN_CLI_ACTOR });
    expectProblem(await api("GET", "/me", { key: key.key }), 401, "invalid_api_key");
    const me = await api("GET", "/me", { key: rotated.key });
    expect(me.status).toBe(200);
    expect(me.body.apiKey).toMatchObject({ id: rotated.id, scope: "write" });
  });

  it("records when a key was last used, writing it at most once a minute", async () => {
    const key = await seedApiKey(database().db, paid.property.id, "read", "Used");
    const lastUsedOf = async (id: string) => (await database().db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    expect(await lastUsedOf(key.id)).toBeNull();
    await api("GET", "/me", { key: key.key });
    await expect.poll(() => lastUsedOf(key.id)).not.toBeNull();
    const first = await lastUsedOf(key.id);
    await api("GET", "/me", { key: key.key });
    await api("GET", "/room-types", { key: key.key });
    // The write is in the background: a key used for the first time after those two requests
    // is written after any write of theirs was started, so once its time shows, theirs would have.
    const later = await seedApiKey(database().db, paid.property.id, "read", "Used later");
    await api("GET", "/me", { key: later.key });
    await expect.poll(() => lastUsedOf(later.id)).not.toBeNull();
    expect(await lastUsedOf(key.id)).toEqual(first);
  });

  it("takes write away at once when a property moves to Free", async () => {
    const fixture = await partnerFixture(database().db, { name: "Downgraded Inn" });
    await setPropertyPlan(database().db, { slug: fixture.property.slug, plan: "free" });
    const me = await api("GET", "/me", { key: fixture.writeKey!.key });
    expect(me.body.apiKey.scope).toBe("read");
    expect(me.body.plan).toEqual({ name: "free", rateLimit: { limit: 120, windowSeconds: 60 } });
    const write = await api("POST", "/bookings", {
      key: fixture.writeKey!.key,
      body: { roomTypeId: fixture.roomTypes[0]!.id, ...fixture.stay, adults: 1, guest: GUEST },
    });
    expectProblem(write, 403, "plan_upgrade_required");
  });

  it("never shows one property's data to another's key: 404, not 403", async () => {
    const other = free.readKey.key;
    expectProblem(await api("GET", `/bookings/${bookingId}`, { key: other }), 404, "not_found");
    expectProblem(await api("GET", `/room-types/${paid.roomTypes[0]!.id}`, { key: other }), 404, "not_found");
    const list = await api("GET", "/bookings", { key: other });
    expect(list.body.data).toEqual([]);
    const rates = await api("GET", `/rates?from=${paid.stay.checkin}&to=${paid.stay.checkin}&roomTypeId=${paid.roomTypes[0]!.id}`, { key: other });
    expectProblem(rates, 422, "unknown_room_type");
    const otherWrite = await partnerFixture(database().db, { name: "Rival Hotel" });
    expectProblem(await api("POST", `/bookings/${bookingId}/cancel`, { key: otherWrite.writeKey!.key, body: {} }), 404, "not_found");
    const booked = await api("POST", "/bookings", {
      key: otherWrite.writeKey!.key,
      body: { roomTypeId: paid.roomTypes[0]!.id, ...paid.stay, adults: 1, guest: GUEST },
    });
    expectProblem(booked, 422, "unknown_room_type");
  });
});
