import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { getDb } from "@/lib/db";
import { appMetrics } from "@/lib/metrics/app-metrics";
import { listRequests } from "@/lib/request-log/list-requests";
import { pruneRequestLog } from "@/lib/request-log/prune-request-log";
import { requestLogOf } from "@/lib/request-log/request-log-of";
import { postgresRequestLogStore } from "@/lib/request-log/request-log-store";
import { RequestLogWriter } from "@/lib/request-log/request-log-writer";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { setupTestDatabase } from "../support/database";
import { api, useDatabaseForRoutes } from "../support/partner-api";
import { lockWaiters, waitUntilLockWaits } from "../support/lock-waits";
import { GUEST, partnerFixture } from "../support/partner-fixtures";

/**
 * The partner API's request log (issue 25): every request with a known key is logged once, off
 * the request's path; a partner sees its own key's (and its replaced keys'), staff see all of
 * the property's; 7 days and 10,000 per property are kept; a failing store never fails a request.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let other: Awaited<ReturnType<typeof partnerFixture>>;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Request Log Hotel" });
  other = await partnerFixture(database().db, { name: "Another Hotel" });
});

/** What the routes recorded so far, written (the routes' client is the app's own). */
const flushLog = () => requestLogOf(getDb()).flush();

async function logOf(key: string, query = ""): Promise<any[]> {
  await flushLog();
  const response = await api("GET", `/requests?limit=100${query}`, { key });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

const booking = () => ({ roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST });

describe("the request log", () => {
  it("records each request once, with its template, ids, status, code, duration, key and Idempotency-Key; never a key value or a body", async () => {
    const key = hotel.writeKey!.key;
    const idempotencyKey = randomUUID();
    const me = await api("GET", "/me", { key });
    const made = await api("POST", "/bookings", { key, body: booking(), headers: { "Idempotency-Key": idempotencyKey } });
    const replayed = await api("POST", "/bookings", { key, body: booking(), headers: { "Idempotency-Key": idempotencyKey } });
    const missing = await api("GET", "/bookings/bk_aaaaaaaaaaaaaaaaaaaa", { key });
    const invalid = await api("POST", "/bookings", { key, body: { ...booking(), adults: 0 } });
    const readOnly = await api("POST", "/bookings", { key: hotel.readKey.key, body: booking() });
    expect([me.status, made.status, replayed.status, missing.status, invalid.status, readOnly.status]).toEqual([200, 201, 201, 404, 400, 403]);
    const ids = [me, made, replayed, missing, invalid].map((r) => r.headers.get("x-request-id"));

    const entries = await logOf(key);
    const byId = (id: string | null) => entries.filter((e) => e.requestId === id);
    for (const id of ids) expect(byId(id), `${id} once`).toHaveLength(1);
    // Newest first.
    expect(entries.slice(0, 5).map((e) => e.requestId)).toEqual([...ids].reverse());
    const keyView = { id: hotel.writeKey!.id, label: "Write", hint: hotel.writeKey!.hint };
    expect(byId(ids[0]!)[0]).toMatchObject({ method: "GET", path: "/me", resourceId: null, status: 200, code: null, apiKey: keyView, idempotencyKey: null, replayed: false });
    const bookingId = made.body.id;
    expect(byId(ids[1]!)[0]).toMatchObject({ method: "POST", path: "/bookings", resourceId: bookingId, status: 201, code: null, idempotencyKey, replayed: false });
    expect(byId(ids[2]!)[0]).toMatchObject({ method: "POST", path: "/bookings", resourceId: bookingId, status: 201, idempotencyKey, replayed: true });
    expect(byId(ids[3]!)[0]).toMatchObject({ method: "GET", path: "/bookings/{id}", resourceId: "bk_aaaaaaaaaaaaaaaaaaaa", status: 404, code: "not_found" });
    expect(byId(ids[4]!)[0]).toMatchObject({ path: "/bookings", status: 400, code: "validation_failed", resourceId: null });
    for (const entry of entries) {
      expect(entry.durationMs).toBeGreaterThan(0);
      expect(Date.parse(entry.time)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The read key's refused write is the read key's own: not in the write key's log, in its own.
    expect(byId(readOnly.headers.get("x-request-id"))).toHaveLength(0);
    expect((await logOf(hotel.readKey.key, "&status=4xx")).map((e) => [e.status, e.code])).toContainEqual([403, "insufficient_scope"]);

    // Nothing stored that a log must not hold: the key, the guest, the body.
    const stored = JSON.stringify(await database().db.$queryRaw`SELECT * FROM api_requests`, (_k, v) => (typeof v === "bigint" ? String(v) : v));
    for (const secret of [key, hotel.readKey.key, GUEST.email, GUEST.lastName]) expect(stored).not.toContain(secret);
  });

  it("filters by status class, code and request id, and pages with a cursor", async () => {
    const key = hotel.writeKey!.key;
    for (let i = 0; i < 3; i++) await api("GET", `/bookings/bk_${"c".repeat(19)}${i}`, { key });
    const notFound = await logOf(key, "&code=not_found");
    expect(notFound.length).toBeGreaterThanOrEqual(3);
    expect(notFound.every((e) => e.code === "not_found" && e.status === 404)).toBe(true);
    expect((await logOf(key, "&status=2xx")).every((e) => e.status >= 200 && e.status < 300)).toBe(true);
    const one = notFound[1]!;
    expect((await logOf(key, `&requestId=${one.requestId}`)).map((e) => e.requestId)).toEqual([one.requestId]);

    const first = await api("GET", "/requests?code=not_found&limit=2", { key });
    expect(first.body.data).toHaveLength(2);
    const second = await api("GET", `/requests?code=not_found&limit=2&cursor=${first.body.nextCursor}`, { key });
    expect(second.body.data[0].requestId).toBe(notFound[2]!.requestId);
    expect((await api("GET", "/requests?status=3xx", { key })).status).toBe(400);
    expect((await api("GET", "/requests?cursor=bm9wZQ", { key })).body.errors).toEqual([{ field: "cursor", message: "Is not a cursor this API returned." }]);
  });

  it("shows a key only its own requests and its replaced keys': never another partner's, never another property's", async () => {
    const partnerA = await createApiKey(database().db, { propertyId: hotel.property.id, scope: "read", label: "Partner A", actor: TEST_ACTOR });
    const partnerB = await createApiKey(database().db, { propertyId: hotel.property.id, scope: "read", label: "Partner B", actor: TEST_ACTOR });
    const a = await api("GET", "/me", { key: partnerA.key });
    await api("GET", "/me", { key: partnerB.key });
    const elsewhere = await api("GET", "/me", { key: other.writeKey!.key });
    const aId = a.headers.get("x-request-id");

    expect((await logOf(partnerA.key)).every((e) => e.apiKey.id === partnerA.id)).toBe(true);
    expect((await logOf(partnerB.key)).some((e) => e.requestId === aId)).toBe(false);
    expect((await logOf(other.writeKey!.key)).some((e) => e.requestId === aId)).toBe(false);
    expect((await logOf(hotel.writeKey!.key)).some((e) => e.requestId === elsewhere.headers.get("x-request-id"))).toBe(false);

    // Rotated: the new key sees what the old one did, with the old key named.
    const rotated = await rotateApiKey(database().db, { keyId: partnerA.id, actor: TEST_ACTOR });
    const seen = await logOf(rotated.key);
    expect(seen.find((e) => e.requestId === aId)?.apiKey).toEqual({ id: partnerA.id, label: "Partner A", hint: partnerA.hint });

    // Staff see every key's requests of their property (the panel reads the log without a key filter).
    const staff = await listRequests(database().db, { propertyId: hotel.property.id }, { limit: 100 });
    expect(staff.data.map((e) => e.apiKey.id)).toEqual(expect.arrayContaining([partnerA.id, partnerB.id, hotel.writeKey!.id]));
    expect(staff.data.some((e) => e.requestId === elsewhere.headers.get("x-request-id"))).toBe(false);
  });

  it("logs a test key's requests on the test twin, apart from the live property's, a 5xx included", async () => {
    const twin = await openTestTwin(database().db, hotel.property.id);
    const testKey = await createApiKey(database().db, { propertyId: twin.id, scope: "write", label: "Test", actor: TEST_ACTOR });
    const failed = await api("GET", "/me", { key: testKey.key, headers: { "Test-Scenario": "internal_error" } });
    expect(failed.status).toBe(500);
    const entry = (await logOf(testKey.key, "&status=5xx"))[0];
    expect(entry).toMatchObject({ requestId: failed.headers.get("x-request-id"), status: 500, code: "internal_error", path: "/me" });
    expect((await logOf(hotel.writeKey!.key)).some((e) => e.requestId === entry.requestId)).toBe(false);
  });
});

describe("what the request log keeps", () => {
  async function insertRows(propertyId: string, count: number, options: { daysAgo?: number; requestIdPrefix?: string } = {}) {
    await database().db.$executeRaw`
      INSERT INTO api_requests (property_id, api_key_id, at, method, route, status, request_id, duration_ms)
      SELECT ${propertyId}, 'key_none', now() - make_interval(days => ${options.daysAgo ?? 0}), 'GET', '/me', 200, ${options.requestIdPrefix ?? "req_bulk_"} || n, 1
      FROM generate_series(1, ${count}) n`;
  }
  const countOf = async (propertyId: string) => Number((await database().db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM api_requests WHERE property_id = ${propertyId}`)[0]!.n);

  it("keeps 7 days: older entries are not shown and the hourly prune deletes them", async () => {
    const fixture = await partnerFixture(database().db, { name: "Old Requests Hotel" });
    await insertRows(fixture.property.id, 3, { daysAgo: 8, requestIdPrefix: "req_old_" });
    await insertRows(fixture.property.id, 2, { daysAgo: 6, requestIdPrefix: "req_recent_" });
    const shown = await listRequests(database().db, { propertyId: fixture.property.id }, { limit: 100 });
    expect(shown.data.map((e) => e.requestId).sort()).toEqual(["req_recent_1", "req_recent_2"]);
    await pruneRequestLog(database().db, new Date());
    expect(await countOf(fixture.property.id)).toBe(2);
  });

  it("keeps each property's newest 10,000: the writer caps as it writes, the list never shows more, the prune catches the rest", async () => {
    const fixture = await partnerFixture(database().db, { name: "Busy Hotel" });
    const propertyId = fixture.property.id;
    await insertRows(propertyId, 3, { requestIdPrefix: "req_oldest_" });
    await insertRows(propertyId, 10_000);
    // Beyond the cap before any prune: the oldest three are not shown.
    expect((await listRequests(database().db, { propertyId }, { requestId: "req_oldest_3" })).data).toEqual([]);
    expect((await listRequests(database().db, { propertyId }, { requestId: "req_bulk_1" })).data).toHaveLength(1);
    await pruneRequestLog(database().db, new Date());
    expect(await countOf(propertyId)).toBe(10_000);

    // The writer: 500 more of the property's entries written, and it is capped again.
    const writer = new RequestLogWriter(postgresRequestLogStore(database().db), { onDropped: () => expect.fail("nothing dropped") });
    for (let i = 0; i < 500; i++) {
      writer.record({ propertyId, apiKeyId: "key_none", at: Date.now(), method: "GET", route: "/me", resourceId: null, status: 200, code: null, requestId: `req_new_${i}`, durationMs: 1, idempotencyKey: null, replayed: false });
    }
    await writer.flush();
    expect(await countOf(propertyId)).toBe(10_000);
    expect((await listRequests(database().db, { propertyId }, { requestId: "req_bulk_500" })).data).toEqual([]);
    expect((await listRequests(database().db, { propertyId }, { requestId: "req_bulk_501" })).data).toHaveLength(1);
  });
});

describe("a failing log store", () => {
  it("never fails or slows a request: the entries are dropped and counted while the store fails, and logging resumes after", async () => {
    const key = hotel.writeKey!.key;
    const dropped = async () => (await appMetrics().requestLogDropped.get()).values[0]?.value ?? 0;
    const before = await dropped();
    await database().db.$executeRawUnsafe("ALTER TABLE api_requests RENAME TO api_requests_away");
    try {
      const during = await api("GET", "/me", { key });
      expect(during.status).toBe(200);
      await flushLog();
      expect(await dropped()).toBe(before + 1);
    } finally {
      await database().db.$executeRawUnsafe("ALTER TABLE api_requests_away RENAME TO api_requests");
    }
    const after = await api("GET", "/me", { key });
    expect((await logOf(key)).map((e) => e.requestId)).toContain(after.headers.get("x-request-id"));
  });

  it("a locked (hanging) store: requests are answered while its write waits for the lock, and the entries are written once it is free", async () => {
    const key = hotel.writeKey!.key;
    const locker = await database().db.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe("LOCK TABLE api_requests IN ACCESS EXCLUSIVE MODE");
        const first = await api("GET", "/me", { key });
        let written = false;
        const flushing = flushLog().then(() => (written = true));
        // The log's INSERT is queued behind the lock held here (not merely not started yet).
        await waitUntilLockWaits(database().db, "INSERT INTO api_requests");
        const second = await api("GET", "/me", { key });
        expect([first.status, second.status]).toEqual([200, 200]);
        // Answered while the write still waits: the request did not wait for the log.
        expect(written).toBe(false);
        expect(await lockWaiters(database().db, "INSERT INTO api_requests")).toHaveLength(1);
        return { flushing, ids: [first, second].map((r) => r.headers.get("x-request-id")) };
      },
      { timeout: 60_000 }, // a deadline for a hung request to fail the test, not a speed claim
    );
    await locker.flushing;
    const ids = (await logOf(key)).map((e) => e.requestId);
    expect(ids).toEqual(expect.arrayContaining(locker.ids));
  });
});
