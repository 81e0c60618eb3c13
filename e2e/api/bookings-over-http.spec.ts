import { expect, test, type APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { propertyToday } from "@/lib/properties/property-today";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { e2eDb } from "../support/db";
import { addDays, partnerApi } from "../support/partner-api";

/**
 * The booking guarantees over real HTTP against the production server, with real concurrent
 * connections to it (and its pool of PostgreSQL connections).
 */
const guest = { firstName: "Rita", lastName: "Costa", email: "rita.costa@example.com" };

/**
 * A hotel of the test's own (as the integration tests make theirs) with a Family Suite of 3
 * rooms, and the partner API with its write key: the free rooms the test counts are changed by
 * its own bookings alone, whatever other tests book meanwhile.
 */
async function familySuite(request: APIRequestContext) {
  const db = e2eDb();
  const { property, roomTypes } = await seedProperty(db, {
    name: `Over HTTP ${randomBytes(3).toString("hex")}`,
    roomTypes: [{ name: "Family Suite", maxAdults: 4, rooms: 3, basePrice: 26_000 }],
  });
  const { key } = await seedApiKey(db, property.id, "write", "Over HTTP");
  return { api: partnerApi(request, key), today: propertyToday(property), roomTypeId: roomTypes[0]!.id };
}

test("30 concurrent bookings for the last 3 rooms: exactly 3 are created, the rest get 409, none a 5xx", async ({ request }) => {
  const { api, today, roomTypeId } = await familySuite(request);
  // Sells every Family Suite of the hotel for two nights.
  const checkin = addDays(today, 30);
  const checkout = addDays(checkin, 2);
  const before = await (await api.get(`/rates?from=${checkin}&to=${checkin}&roomTypeId=${roomTypeId}`)).json();
  expect(before.roomTypes[0].nights[0].availableRooms).toBe(3);

  const responses = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      api.post("/bookings", { roomTypeId, checkin, checkout, adults: 2, guest, externalReference: `race-${i}` }, { "Idempotency-Key": `race-${i}` }),
    ),
  );
  const statuses = responses.map((r) => r.status());
  expect(statuses.filter((s) => s === 201)).toHaveLength(3);
  expect(statuses.filter((s) => s === 409)).toHaveLength(27);
  for (const response of responses.filter((r) => r.status() === 409)) {
    expect((await response.json()).code).toBe("no_availability");
  }
  const after = await (await api.get(`/rates?from=${checkin}&to=${checkin}&roomTypeId=${roomTypeId}`)).json();
  expect(after.roomTypes[0].nights[0].availableRooms).toBe(0);
});

test("10 concurrent requests with one Idempotency-Key make one booking, and cancelling frees its nights", async ({ request }) => {
  const { api, today, roomTypeId } = await familySuite(request);
  const checkin = addDays(today, 30);
  const checkout = addDays(checkin, 3);
  const body = { roomTypeId, checkin, checkout, adults: 3, guest, externalReference: `same-key-${checkin}` };
  const responses = await Promise.all(Array.from({ length: 10 }, () => api.post("/bookings", body, { "Idempotency-Key": `one-key-${checkin}` })));
  expect(responses.map((r) => r.status())).toEqual(Array(10).fill(201));
  const bookings = await Promise.all(responses.map((r) => r.json()));
  expect(new Set(bookings.map((b) => b.id)).size).toBe(1);
  expect(responses.filter((r) => r.headers()["idempotent-replayed"] === "true")).toHaveLength(9);
  const listed = await (await api.get(`/bookings?externalReference=${body.externalReference}`)).json();
  expect(listed.data).toHaveLength(1);

  const free = async () => (await (await api.get(`/rates?from=${checkin}&to=${checkin}&roomTypeId=${roomTypeId}`)).json()).roomTypes[0].nights[0].availableRooms;
  expect(await free()).toBe(2);
  const cancelled = await api.post(`/bookings/${bookings[0].id}/cancel`, { reason: "Testing" });
  expect(cancelled.status()).toBe(200);
  expect(await cancelled.json()).toMatchObject({ status: "cancelled", cancellationReason: "Testing" });
  expect(await free()).toBe(3);
});

test("unknown paths and wrong methods under /partner/v1 answer with problem+json, never HTML", async ({ request }) => {
  const api = partnerApi(request);
  const unknown = await api.get("/no-such-thing");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-type"]).toBe("application/problem+json");
  const wrong = await request.delete("/partner/v1/bookings", { headers: { "X-Api-Key": (await import("../support/demo")).demoCredentials().partnerApiKey } });
  expect(wrong.status()).toBe(405);
  expect(wrong.headers()["allow"]).toBe("GET, POST");
  expect((await wrong.json()).code).toBe("method_not_allowed");
  const openapi = await request.get("/partner/v1/openapi.json");
  expect(openapi.status()).toBe(200);
  expect((await openapi.json()).openapi).toBe("3.1.0");
});
