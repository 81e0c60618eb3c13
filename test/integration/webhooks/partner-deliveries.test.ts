import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { systemClock } from "@/lib/clock";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { deliverWebhook } from "@/lib/webhooks/deliver-webhook";
import { setWebhookEndpointEnabled } from "@/lib/webhooks/manage-webhook-endpoint";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { setupTestDatabase } from "../../support/database";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";
import { testSecretBox } from "../../support/test-worker";

/**
 * Partners see their webhook deliveries (issue 25): GET /webhook-endpoints/{id}/deliveries with
 * each attempt's status code and duration, and POST …/deliveries/{deliveryId}/replay, for the
 * endpoints their key may see (its own and its replaced keys'), never another partner's.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let receiver: LocalWebhookServer;
/** The receiver's answers, in turn (then 200). */
const answers: number[] = [];

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Delivery Hotel" });
  receiver = await startLocalWebhookServer((_request, response) => {
    response.statusCode = answers.shift() ?? 200;
    response.end("thanks");
  });
});
afterAll(() => receiver.close());

const deps = () => ({ db: database().db, clock: systemClock, schedule: [0, 0, 0], allowPrivateUrls: true, secretBox: testSecretBox });

async function partnerWithEndpoint(label: string) {
  const key = await createApiKey(database().db, { propertyId: hotel.property.id, scope: "write", label, actor: TEST_ACTOR });
  const endpoint = await createWebhookEndpoint(database().db, {
    propertyId: hotel.property.id,
    endpoint: { url: `${receiver.url}/${label}` },
    actor: TEST_ACTOR,
    createdByApiKeyId: key.id,
    allowPrivateUrls: true,
    secretBox: testSecretBox,
  });
  return { key, endpoint };
}

/** A test event's delivery to the endpoint, attempted once per answer given. */
async function deliveryTo(endpointId: string, answerCodes: number[]): Promise<string> {
  const { eventId } = await sendTestEvent(database().db, { endpointId, propertyId: hotel.property.id });
  const { id } = await database().db.webhookDelivery.findFirstOrThrow({ where: { endpointId, eventId } });
  answers.push(...answerCodes);
  for (let i = 0; i < answerCodes.length; i++) {
    await database().db.webhookDelivery.update({ where: { id }, data: { nextAttemptAt: new Date() } });
    await deliverWebhook(deps(), id);
  }
  return id;
}

describe("a partner's webhook deliveries", () => {
  it("lists an endpoint's deliveries newest first, with each attempt's status code and duration, and the next retry", async () => {
    const { key, endpoint } = await partnerWithEndpoint("listing");
    const arrived = await deliveryTo(endpoint.id, [503, 200]);
    const retrying = await deliveryTo(endpoint.id, [500]);

    const listed = await api("GET", `/webhook-endpoints/${endpoint.id}/deliveries`, { key: key.key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((d: any) => d.id)).toEqual([retrying, arrived]);
    const [pending, done] = listed.body.data;
    expect(done).toMatchObject({ status: "succeeded", eventType: "webhook.test", attemptCount: 2, nextAttemptAt: null });
    expect(done.attempts.map((a: any) => a.statusCode)).toEqual([200, 503]);
    expect(done.attempts[1].error).toMatch(/503/);
    for (const attempt of done.attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(pending).toMatchObject({ status: "pending", attemptCount: 1 });
    expect(Date.parse(pending.nextAttemptAt)).not.toBeNaN();

    const failedOnly = await api("GET", `/webhook-endpoints/${endpoint.id}/deliveries?status=succeeded&limit=1`, { key: key.key });
    expect(failedOnly.body).toEqual({ data: [done], nextCursor: null });
    const firstPage = await api("GET", `/webhook-endpoints/${endpoint.id}/deliveries?limit=1`, { key: key.key });
    const nextPage = await api("GET", `/webhook-endpoints/${endpoint.id}/deliveries?limit=1&cursor=${firstPage.body.nextCursor}`, { key: key.key });
    expect([firstPage.body.data[0].id, nextPage.body.data[0].id, nextPage.body.nextCursor]).toEqual([retrying, arrived, null]);
  });

  it("replays a delivery: 202, pending again, sent again with the same event id", async () => {
    const { key, endpoint } = await partnerWithEndpoint("replaying");
    const id = await deliveryTo(endpoint.id, [200]);
    const sentBefore = receiver.requests.length;

    const replayed = await api("POST", `/webhook-endpoints/${endpoint.id}/deliveries/${id}/replay`, { key: key.key });
    expect(replayed.status, replayed.text).toBe(202);
    expect(replayed.body).toMatchObject({ id, status: "pending", replays: 1, attemptCount: 1 });
    await deliverWebhook(deps(), id);
    expect(receiver.requests.length).toBe(sentBefore + 1);
    const [first, again] = receiver.requests.filter((r) => r.path === "/replaying");
    expect(again!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect((await api("GET", `/webhook-endpoints/${endpoint.id}/deliveries`, { key: key.key })).body.data[0]).toMatchObject({ status: "succeeded", attemptCount: 2, replays: 1 });

    // Replaying takes a write key; a disabled endpoint is refused until enabled.
    const reader = await createApiKey(database().db, { propertyId: hotel.property.id, scope: "read", label: "reader", actor: TEST_ACTOR });
    const readOnly = await api("POST", `/webhook-endpoints/${endpoint.id}/deliveries/${id}/replay`, { key: reader.key });
    expect([readOnly.status, readOnly.body.code]).toEqual([403, "insufficient_scope"]);
    await setWebhookEndpointEnabled(database().db, { viewer: { propertyId: hotel.property.id }, id: endpoint.id, enabled: false, actor: TEST_ACTOR });
    const disabled = await api("POST", `/webhook-endpoints/${endpoint.id}/deliveries/${id}/replay`, { key: key.key });
    expect([disabled.status, disabled.body.code]).toEqual([400, "invalid_request"]);
  });

  it("never shows or replays another partner's deliveries, or another property's; a rotated key keeps its endpoints' deliveries", async () => {
    const a = await partnerWithEndpoint("partner-a");
    const b = await partnerWithEndpoint("partner-b");
    const id = await deliveryTo(a.endpoint.id, [200]);
    const elsewhere = await partnerFixture(database().db, { name: "Elsewhere Hotel" });

    for (const key of [b.key.key, elsewhere.writeKey!.key]) {
      const listed = await api("GET", `/webhook-endpoints/${a.endpoint.id}/deliveries`, { key });
      expect([listed.status, listed.body.code]).toEqual([404, "not_found"]);
      expect((await api("POST", `/webhook-endpoints/${a.endpoint.id}/deliveries/${id}/replay`, { key })).status).toBe(404);
    }
    // B's own endpoint with A's delivery id: not found either.
    expect((await api("POST", `/webhook-endpoints/${b.endpoint.id}/deliveries/${id}/replay`, { key: b.key.key })).status).toBe(404);
    expect(await database().db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ replays: 0 });

    const rotated = await rotateApiKey(database().db, { keyId: a.key.id, actor: TEST_ACTOR });
    expect((await api("GET", `/webhook-endpoints/${a.endpoint.id}/deliveries`, { key: rotated.key })).body.data.map((d: any) => d.id)).toEqual([id]);
  });
});
