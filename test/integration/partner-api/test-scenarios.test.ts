import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { addDays } from "@/lib/dates/calendar-date";
import { INTERNAL_ERROR_DETAIL } from "@/lib/http/problem";
import { setRates } from "@/lib/rates/set-rates";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes, type ApiResponse } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { testRedisUrl } from "../../support/redis";
import { awayFromWindowEdge } from "../../support/window-edge";

/**
 * Test mode's scenarios (Test-Scenario header, test keys): each answers as the real failure does
 * (status, code, problem members, headers), matches the OpenAPI document (every api() call is
 * checked against it), and stores nothing.
 */
const database = setupTestDatabase();

beforeAll(() => {
  useDatabaseForRoutes(database().url);
  process.env.REDIS_URL = testRedisUrl();
  process.env.RATE_LIMIT_TIMEOUT_MS = "5000";
});

async function sandbox(name: string, plan: "free" | "starter" | "pro" = "pro", rooms = 1) {
  const hotel = await partnerFixture(database().db, { name, plan, roomTypes: [{ name: "Double", description: "", maxAdults: 2, rooms, basePrice: 12_000 }] });
  const twin = await openTestTwin(database().db, hotel.property.id);
  const scope = plan === "free" ? "read" : "write";
  const testKey = (await createApiKey(database().db, { propertyId: twin.id, scope, label: "Test", actor: TEST_ACTOR })).key;
  const testRoomType = (await database().db.roomType.findFirstOrThrow({ where: { propertyId: twin.id } })).id;
  return { ...hotel, twin, testKey, testRoomType };
}

const bookingBody = (roomTypeId: string, stay: { checkin: string; checkout: string }, email = GUEST.email) => ({ roomTypeId, ...stay, adults: 1, guest: { ...GUEST, email } });
const scenario = (name: string) => ({ "Test-Scenario": name });
const problemHeaders = (response: ApiResponse, names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name) !== null]));

describe("Test-Scenario", () => {
  it("no_availability and stay_restricted on POST /bookings answer as the real refusals, and store nothing (not even the Idempotency-Key)", async () => {
    const hotel = await sandbox("Scenario Hotel");
    const body = bookingBody(hotel.testRoomType, hotel.stay);
    const key = randomUUID();
    const played = await api("POST", "/bookings", { key: hotel.testKey, body, headers: { ...scenario("no_availability"), "Idempotency-Key": key } });
    // The real one: the test twin's only room booked, then booked again.
    expect((await api("POST", "/bookings", { key: hotel.testKey, body })).status).toBe(201);
    const real = await api("POST", "/bookings", { key: hotel.testKey, body: bookingBody(hotel.testRoomType, hotel.stay, "second@guest.test") });
    expect([played.status, played.body.code, played.body.night]).toEqual([real.status, real.body.code, hotel.stay.checkin]);
    expect(Object.keys(played.body).sort()).toEqual(Object.keys(real.body).sort());
    expect(played.body.detail).toContain(hotel.stay.checkin);

    await setRates(database().db, { roomTypeId: hotel.testRoomType, from: hotel.stay.checkout, to: hotel.stay.checkout, minStay: 3 });
    const realRestricted = await api("POST", "/bookings", { key: hotel.testKey, body: bookingBody(hotel.testRoomType, { checkin: hotel.stay.checkout, checkout: addDays(hotel.stay.checkout, 1) }) });
    const playedRestricted = await api("POST", "/bookings", { key: hotel.testKey, body, headers: scenario("stay_restricted") });
    expect(realRestricted.body.code).toBe("stay_restricted");
    expect([playedRestricted.status, playedRestricted.body.code]).toEqual([realRestricted.status, realRestricted.body.code]);
    expect(playedRestricted.body.restriction).toEqual({ rule: "min_stay", date: hotel.stay.checkin, value: 3 });

    // Nothing stored: one booking (the real one), and the scenario's Idempotency-Key is free for a real request.
    expect(await database().db.booking.count({ where: { propertyId: hotel.twin.id } })).toBe(1);
    const reused = await api("POST", "/bookings", { key: hotel.testKey, body: bookingBody(hotel.testRoomType, { checkin: addDays(hotel.stay.checkout, 1), checkout: addDays(hotel.stay.checkout, 2) }), headers: { "Idempotency-Key": key } });
    expect(reused.status, reused.text).toBe(201);
    expect(reused.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a test key books groups on the twin; no_availability on POST /booking-groups answers as the real refusal, naming a room, and stores nothing", async () => {
    const hotel = await sandbox("Group Scenario Hotel", "pro", 2);
    const room = { roomTypeId: hotel.testRoomType, adults: 1 };
    const body = { booker: GUEST, rooms: [room, room], ...hotel.stay };
    const played = await api("POST", "/booking-groups", { key: hotel.testKey, body, headers: scenario("no_availability") });
    expect(await database().db.bookingGroup.count({ where: { propertyId: hotel.twin.id } })).toBe(0);
    const made = await api("POST", "/booking-groups", { key: hotel.testKey, body });
    expect(made.status, made.text).toBe(201);
    expect(made.body.reference).toMatch(/^TEST-/);
    expect(await database().db.booking.count({ where: { propertyId: hotel.property.id } })).toBe(0);
    const real = await api("POST", "/booking-groups", { key: hotel.testKey, body });
    expect(real.body).toMatchObject({ code: "no_availability", room: 0, night: hotel.stay.checkin });
    expect([played.status, played.body.code, played.body.room, played.body.night]).toEqual([real.status, real.body.code, 0, hotel.stay.checkin]);
    expect(Object.keys(played.body).sort()).toEqual(Object.keys(real.body).sort());
  });

  it("price_changed and idempotency_key_in_use on PATCH /bookings/{id}: the quote's price as the real refusal, Retry-After: 1, the booking unchanged", async () => {
    const hotel = await sandbox("Change Scenario Hotel", "pro", 3);
    const made = await api("POST", "/bookings", { key: hotel.testKey, body: bookingBody(hotel.testRoomType, hotel.stay) });
    const change = { adults: 2 };
    const real = await api("PATCH", `/bookings/${made.body.id}`, { key: hotel.testKey, body: { ...change, expectedPrice: { amount: 1, currency: "EUR" } }, headers: { "Idempotency-Key": randomUUID() } });
    const played = await api("PATCH", `/bookings/${made.body.id}`, { key: hotel.testKey, body: change, headers: { ...scenario("price_changed"), "Idempotency-Key": randomUUID() } });
    expect(real.body.code).toBe("price_changed");
    expect([played.status, played.body.code, Object.keys(played.body).sort()]).toEqual([real.status, real.body.code, Object.keys(real.body).sort()]);
    expect(played.body.price).toEqual(made.body.price);

    const inUse = await api("PATCH", `/bookings/${made.body.id}`, { key: hotel.testKey, body: change, headers: { ...scenario("idempotency_key_in_use"), "Idempotency-Key": randomUUID() } });
    expect([inUse.status, inUse.body.code, inUse.headers.get("retry-after")]).toEqual([409, "idempotency_key_in_use", "1"]);
    expect((await api("GET", `/bookings/${made.body.id}`, { key: hotel.testKey })).body.adults).toBe(1);
    expect((await api("PATCH", "/bookings/bk_00000000000000000000", { key: hotel.testKey, body: change, headers: scenario("price_changed") })).status).toBe(404);
  });

  it("rate_limited answers as the real 429 (limit headers, Retry-After); the twin counts it as one request, as any other", async () => {
    const real = await sandbox("Real Limit Inn", "free");
    const played = await sandbox("Played Limit Inn", "free");
    await awayFromWindowEdge(60, 10_000);
    const burst = await Promise.all(Array.from({ length: 121 }, () => api("GET", "/me", { key: real.testKey })));
    const refused = burst.find((response) => response.status === 429)!;
    const answer = await api("GET", "/me", { key: played.testKey, headers: scenario("rate_limited") });
    const names = ["retry-after", "ratelimit-policy", "ratelimit", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-request-id"];
    expect([answer.status, answer.body.code, problemHeaders(answer, names)]).toEqual([refused.status, refused.body.code, problemHeaders(refused, names)]);
    expect(answer.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(answer.headers.get("ratelimit-policy")).toBe(refused.headers.get("ratelimit-policy"));
    expect(answer.body.detail).toMatch(/120 requests per minute/);
    const after = await api("GET", "/me", { key: played.testKey });
    expect(after.headers.get("x-ratelimit-remaining")).toBe("118");
  });

  it("service_unavailable and internal_error answer on any operation as the pipeline's own 503 and 500", async () => {
    const hotel = await sandbox("Outage Hotel");
    const unavailable = await api("GET", "/room-types", { key: hotel.testKey, headers: scenario("service_unavailable") });
    expect([unavailable.status, unavailable.body.code, unavailable.headers.get("retry-after")]).toEqual([503, "service_unavailable", "5"]);
    const broken = await api("POST", "/bookings", { key: hotel.testKey, body: bookingBody(hotel.testRoomType, hotel.stay), headers: scenario("internal_error") });
    expect([broken.status, broken.body.code, broken.body.detail]).toEqual([500, "internal_error", INTERNAL_ERROR_DETAIL]);
    expect(broken.body.requestId).toBe(broken.headers.get("x-request-id"));
    expect(await database().db.booking.count({ where: { propertyId: hotel.twin.id } })).toBe(0);
  });

  it("refuses the header with a live key (400 invalid_request), an unknown scenario or one the operation cannot play (400 validation_failed); plan and scope are checked first", async () => {
    const hotel = await sandbox("Strict Hotel");
    const live = await api("POST", "/bookings", { key: hotel.writeKey!.key, body: bookingBody(hotel.roomTypes[0]!.id, hotel.stay), headers: scenario("no_availability") });
    expect([live.status, live.body.code, live.body.detail]).toEqual([400, "invalid_request", expect.stringContaining("needs a test key")]);
    expect(await database().db.booking.count({ where: { propertyId: hotel.property.id } })).toBe(0);
    const unknown = await api("GET", "/me", { key: hotel.testKey, headers: scenario("sold_out") });
    expect([unknown.status, unknown.body.code, unknown.body.errors[0].field]).toEqual([400, "validation_failed", "Test-Scenario"]);
    const wrongOperation = await api("GET", "/me", { key: hotel.testKey, headers: scenario("no_availability") });
    expect(wrongOperation.body.errors[0].message).toBe("GET /me cannot answer no_availability; this operation plays: rate_limited, service_unavailable, internal_error.");

    const free = await sandbox("Free Scenario Inn", "free");
    const write = await api("POST", "/bookings", { key: free.testKey, body: bookingBody(free.testRoomType, free.stay), headers: scenario("no_availability") });
    expect([write.status, write.body.code]).toEqual([403, "plan_upgrade_required"]);
  });
});

