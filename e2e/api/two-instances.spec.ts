import { expect, test, type APIRequestContext } from "@playwright/test";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { awayFromWindowEdge } from "../../test/support/window-edge";
import { e2eDb } from "../support/db";
import { bothInstancesUp } from "../support/instances";
import { addDays } from "../support/partner-api";

/**
 * Two production instances of one build, on one database and one Redis (scripts/e2e/serve.ts):
 * requests split across them still never overbook, never book twice for one Idempotency-Key,
 * share each property's rate limit, and see a rotated key fail at once.
 */
const guest = { firstName: "Inês", lastName: "Duarte", email: "ines.duarte@example.com" };

async function hotel(name: string, plan: "free" | "starter" = "starter") {
  const db = e2eDb();
  const { property, roomTypes } = await seedProperty(db, {
    name,
    plan,
    roomTypes: [{ name: "Loft", description: "Three lofts.", maxAdults: 2, rooms: 3, basePrice: 20_000 }],
  });
  const key = await seedApiKey(db, property.id, plan === "free" ? "read" : "write", "Two instances");
  return { property, roomTypeId: roomTypes[0]!.id, key };
}

/** One client, alternating between the instances request by request. */
function alternating(request: APIRequestContext, urls: [string, string], key: string) {
  let turn = 0;
  const next = () => urls[turn++ % 2]!;
  return {
    get: (path: string, apiKey = key) => request.get(`${next()}/partner/v1${path}`, { headers: { "X-Api-Key": apiKey } }),
    post: (path: string, data: unknown, headers: Record<string, string> = {}) =>
      request.post(`${next()}/partner/v1${path}`, { headers: { "X-Api-Key": key, ...headers }, data }),
  };
}

test("30 concurrent bookings for 3 rooms, split across two instances: exactly 3 are made", async ({ request }) => {
  const urls = await bothInstancesUp(request);
  const { roomTypeId, key } = await hotel("Twin Instances Inn");
  const api = alternating(request, urls, key.key);
  const today = (await (await api.get("/me")).json()).property.today as string;
  const checkin = addDays(today, 30);
  const body = { roomTypeId, checkin, checkout: addDays(checkin, 2), adults: 2, guest };
  const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => api.post("/bookings", body, { "Idempotency-Key": `split-${i}` })));
  const statuses = responses.map((r) => r.status());
  expect(statuses.filter((s) => s === 201)).toHaveLength(3);
  expect(statuses.filter((s) => s === 409)).toHaveLength(27);
  const listed = await (await api.get("/bookings?status=confirmed")).json();
  expect(listed.data).toHaveLength(3);
});

test("10 concurrent requests with one Idempotency-Key, split across two instances: one booking", async ({ request }) => {
  const urls = await bothInstancesUp(request);
  const { roomTypeId, key } = await hotel("Twin Instances Lodge");
  const api = alternating(request, urls, key.key);
  const today = (await (await api.get("/me")).json()).property.today as string;
  const checkin = addDays(today, 40);
  const body = { roomTypeId, checkin, checkout: addDays(checkin, 1), adults: 1, guest };
  const responses = await Promise.all(Array.from({ length: 10 }, () => api.post("/bookings", body, { "Idempotency-Key": "one-key-two-instances" })));
  expect(responses.map((r) => r.status())).toEqual(Array(10).fill(201));
  const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).id as string)));
  expect(ids.size).toBe(1);
  expect(responses.filter((r) => r.headers()["idempotent-replayed"] === "true")).toHaveLength(9);
  expect((await (await api.get("/bookings")).json()).data).toHaveLength(1);
});

test("the Free plan's 121st request in a minute is refused though requests alternate between instances", async ({ request }) => {
  const urls = await bothInstancesUp(request);
  const health = await (await request.get(`${urls[0]}/api/health`)).json();
  expect(health.rateLimitBackend, "the e2e server counts limits on Redis (npm test provides one)").toBe("redis");
  const { key } = await hotel("Twin Instances Hostel", "free");
  const api = alternating(request, urls, key.key);
  // The 125 requests take a few seconds on a loaded machine: keep them inside one minute window.
  await awayFromWindowEdge(60, 25_000);
  const statuses: number[] = [];
  for (let batch = 0; batch < 5; batch++) {
    const responses = await Promise.all(Array.from({ length: 25 }, () => api.get("/me")));
    statuses.push(...responses.map((r) => r.status()));
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(120);
  expect(statuses.filter((s) => s === 429)).toHaveLength(5);
});

test("a rotated key is refused by both instances on the very next request", async ({ request }) => {
  const urls = await bothInstancesUp(request);
  const { key } = await hotel("Twin Instances House");
  for (const url of urls) expect((await request.get(`${url}/partner/v1/me`, { headers: { "X-Api-Key": key.key } })).status()).toBe(200);
  const rotated = await rotateApiKey(e2eDb(), { keyId: key.id, actor: { label: "e2e test" } });
  for (const url of urls) {
    const old = await request.get(`${url}/partner/v1/me`, { headers: { "X-Api-Key": key.key } });
    expect(old.status(), url).toBe(401);
    expect((await old.json()).code).toBe("invalid_api_key");
    expect((await request.get(`${url}/partner/v1/me`, { headers: { "X-Api-Key": rotated.key } })).status(), url).toBe(200);
  }
});
