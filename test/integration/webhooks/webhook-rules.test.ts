import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { createBooking } from "@/lib/bookings/create-booking";
import { fixedClock, systemClock } from "@/lib/clock";
import { isDomainError } from "@/lib/errors";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { deliverWebhook } from "@/lib/webhooks/deliver-webhook";
import { queueDelivery } from "@/lib/webhooks/queue-webhook-deliveries";
import { setupTestDatabase } from "../../support/database";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { TEST_SESSION_SECRET, testSecretBox } from "../../support/test-worker";

/**
 * The rules around deliveries, each on real PostgreSQL and a real receiver: no request to a
 * private address unless allowed, endpoints disabled after 72 hours of failures, and a key
 * that sees only the endpoints it (or the keys it replaced) made.
 */
const database = setupTestDatabase();
const actor = { label: "test" };
let receiver: LocalWebhookServer;
let status = 200;

beforeAll(async () => {
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
  useDatabaseForRoutes(database().url);
  receiver = await startLocalWebhookServer((_request, response) => {
    response.statusCode = status;
    response.end();
  });
});

afterAll(() => receiver?.close());

async function endpointWithDelivery(name: string, url: string) {
  const hotel = await partnerFixture(database().db, { name });
  const endpoint = await createWebhookEndpoint(database().db, { propertyId: hotel.property.id, endpoint: { url }, actor, allowPrivateUrls: true, secretBox: testSecretBox });
  const deliveryId = await database().db.$transaction(async (tx) => {
    await queueDelivery(tx, { endpointId: endpoint.id, eventId: "evt_0000000000000000000a", eventType: "webhook.test", payload: "{}" });
    return (await tx.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).id;
  });
  return { hotel, endpoint, deliveryId };
}

const deps = (overrides: { allowPrivateUrls?: boolean; now?: Date } = {}) => ({
  db: database().db,
  clock: overrides.now ? fixedClock(overrides.now) : systemClock,
  schedule: [1000, 1000, 1000],
  allowPrivateUrls: overrides.allowPrivateUrls ?? true,
  secretBox: testSecretBox,
});

describe("webhook rules", () => {
  it("refuses a private URL when the flag is off: at creation (422 on url) and at delivery (no request made)", async () => {
    const hotel = await partnerFixture(database().db, { name: "Private Inn" });
    for (const url of [`${receiver.url}/x`, "https://127.0.0.1/x", "https://[::ffff:10.0.0.1]/x", "https://169.254.169.254/latest", "https://localhost/x"]) {
      const refused = await createWebhookEndpoint(database().db, { propertyId: hotel.property.id, endpoint: { url }, actor, allowPrivateUrls: false, secretBox: testSecretBox }).catch((e: unknown) => e);
      expect(isDomainError(refused, "validation_failed"), url).toBe(true);
      expect((refused as { details: { errors: { field: string }[] } }).details.errors[0]!.field).toBe("url");
    }
    const { deliveryId } = await endpointWithDelivery("Private Delivery Inn", `${receiver.url}/private`);
    await deliverWebhook(deps({ allowPrivateUrls: false }), deliveryId);
    expect(receiver.requests.filter((r) => r.path === "/private")).toEqual([]);
    const attempt = await database().db.webhookAttempt.findFirstOrThrow({ where: { deliveryId } });
    expect(attempt.error).toMatch(/^refused: /);
    expect(attempt.statusCode).toBeNull();
  });

  it("disables an endpoint whose deliveries have all failed for 72 hours, and says why", async () => {
    status = 503;
    const { endpoint, deliveryId } = await endpointWithDelivery("Failing Inn", `${receiver.url}/failing`);
    const start = new Date("2026-11-20T10:00:00Z");
    await deliverWebhook(deps({ now: start }), deliveryId);
    let row = await database().db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.failingSince).toEqual(start);
    expect(row.enabled).toBe(true);
    await deliverWebhook(deps({ now: new Date(start.getTime() + 71 * 3_600_000) }), deliveryId);
    expect((await database().db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled).toBe(true);
    await deliverWebhook(deps({ now: new Date(start.getTime() + 72 * 3_600_000) }), deliveryId);
    row = await database().db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.enabled).toBe(false);
    expect(row.disabledReason).toMatch(/^Disabled automatically: every delivery failed for 72 hours \(last error: HTTP 503\)/);
    expect((await database().db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe("failed");
    const audit = await database().db.auditEvent.findFirstOrThrow({ where: { action: "webhook_endpoint_disabled", propertyId: row.propertyId } });
    expect(audit.actorLabel).toBe("webhook deliveries (automatic)");
    status = 200;
  });

  it("a success clears the failure streak", async () => {
    status = 500;
    const { endpoint, deliveryId } = await endpointWithDelivery("Recovering Inn", `${receiver.url}/recovering`);
    await deliverWebhook(deps(), deliveryId);
    expect((await database().db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).not.toBeNull();
    status = 200;
    await deliverWebhook(deps(), deliveryId);
    expect((await database().db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull();
  });

  it("through the API a key sees, reads and deletes only endpoints made by it or by the keys it replaced", async () => {
    const hotel = await partnerFixture(database().db, { name: "Two Partners Inn" });
    const mine = hotel.writeKey!;
    const other = await api("POST", "/webhook-endpoints", { key: mine.key, body: { url: "https://a.example.com/hook" } });
    expect(other.status).toBe(201);
    const staffMade = await createWebhookEndpoint(database().db, { propertyId: hotel.property.id, endpoint: { url: "https://staff.example.com/h" }, actor, allowPrivateUrls: false, secretBox: testSecretBox });
    const { createApiKey } = await import("@/lib/api-keys/create-api-key");
    const second = await createApiKey(database().db, { propertyId: hotel.property.id, scope: "write", actor });
    expect((await api("GET", "/webhook-endpoints", { key: second.key })).body).toEqual({ data: [] });
    expect((await api("GET", `/webhook-endpoints/${other.body.id}`, { key: second.key })).status).toBe(404);
    expect((await api("DELETE", `/webhook-endpoints/${other.body.id}`, { key: second.key })).status).toBe(404);
    expect((await api("GET", `/webhook-endpoints/${staffMade.id}`, { key: mine.key })).status).toBe(404);
    const listed = await api("GET", "/webhook-endpoints", { key: mine.key });
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([other.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain("whsec_");

    const rotated = await rotateApiKey(database().db, { keyId: mine.id, actor });
    expect((await api("GET", `/webhook-endpoints/${other.body.id}`, { key: rotated.key })).body).toMatchObject({ id: other.body.id, enabled: true });
    expect((await api("DELETE", `/webhook-endpoints/${other.body.id}`, { key: rotated.key })).status).toBe(204);
    expect((await api("GET", `/webhook-endpoints/${other.body.id}`, { key: rotated.key })).status).toBe(404);
  });

  it("read keys list but cannot create; free plans cannot create", async () => {
    const hotel = await partnerFixture(database().db, { name: "Scopes Inn" });
    const asRead = await api("POST", "/webhook-endpoints", { key: hotel.readKey.key, body: { url: "https://a.example.com/h" } });
    expect([asRead.status, asRead.body.code]).toEqual([403, "insufficient_scope"]);
    expect((await api("GET", "/webhook-endpoints", { key: hotel.readKey.key })).status).toBe(200);
    const free = await partnerFixture(database().db, { name: "Free Inn", plan: "free" });
    const asFree = await api("POST", "/webhook-endpoints", { key: free.readKey.key, body: { url: "https://a.example.com/h" } });
    expect([asFree.status, asFree.body.code]).toEqual([403, "plan_upgrade_required"]);
  });

  it("an endpoint gets only events created after it was added: none for the booking before it, one for the booking after", async () => {
    const hotel = await partnerFixture(database().db, { name: "Late Inn" });
    const book = async () =>
      unlessRefused(await createBooking(database().db, { property: hotel.property, input: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST }, actor: TEST_ACTOR })).booking;
    const before = await book();
    const endpoint = await createWebhookEndpoint(database().db, { propertyId: hotel.property.id, endpoint: { url: "https://late.example.com/h" }, actor, allowPrivateUrls: false, secretBox: testSecretBox });
    const after = await book();
    const created = async (bookingId: string) => database().db.event.findFirstOrThrow({ where: { bookingId, type: "booking.created" } });
    const [early, late] = [await created(before.id), await created(after.id)];
    const { dispatchEvent } = await import("@/lib/jobs/dispatch-event");
    // Both dispatched the same way, the later one first: the same path that adds nothing for one adds a delivery for the other.
    for (const event of [late, early]) await dispatchEvent({ db: database().db, clock: systemClock, mailEnabled: false }, event.id);
    const deliveries = await database().db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, select: { eventId: true, eventType: true } });
    expect(deliveries).toEqual([{ eventId: late.id, eventType: "booking.created" }]);
  });
});
