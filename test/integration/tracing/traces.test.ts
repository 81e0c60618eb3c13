import { receiver } from "../../support/start-test-tracing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { flushTracing } from "@/lib/tracing/flush-tracing";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import type { RunningWorker } from "@/lib/jobs/start-worker";
import { createSmtpTransport } from "@/lib/mail/mail-transport";
import { guestSiteManageUrl } from "@/lib/mail/guest-site-manage-url";
import { setupTestDatabase } from "../../support/database";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import type { ReceivedSpan } from "../../support/otlp-receiver";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { testRedisUrl } from "../../support/redis";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { startTestWorker, TEST_SESSION_SECRET, testSecretBox } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * OpenTelemetry traces (issue 25), exported over OTLP/HTTP to a receiver this test starts: a
 * partner request's span with its PostgreSQL and Redis children, and one trace from a booking
 * to the webhook and the guest e-mail that announced it (their jobs' spans are linked to the
 * booking request's).
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let hooks: LocalWebhookServer;
let worker: RunningWorker | undefined;
let mail: SmtpSink;

beforeAll(async () => {
  process.env.REDIS_URL = testRedisUrl();
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Traced Hotel" });
  hooks = await startLocalWebhookServer();
  mail = await startSmtpSink();
});
afterAll(async () => {
  await worker?.stop();
  await hooks.close();
  await mail.close();
  await receiver.close();
});

/** The spans received once everything recorded so far is exported. */
async function exported(): Promise<ReceivedSpan[]> {
  await flushTracing();
  return receiver.spans;
}

const requestSpan = (spans: ReceivedSpan[], requestId: string | null) => spans.find((s) => s.attributes["room_booking.request_id"] === requestId);

describe("traces", () => {
  it("a partner request has a span with its route, status, property, key and request id, and its PostgreSQL and Redis queries as children", async () => {
    const response = await api("GET", "/me", { key: hotel.writeKey!.key });
    expect(response.status).toBe(200);
    const spans = await exported();
    expect([...receiver.contentTypes]).toEqual(["application/json"]);
    const span = requestSpan(spans, response.headers.get("x-request-id"));
    expect(span).toMatchObject({
      name: "GET /me",
      service: "room-booking-test",
      attributes: {
        "http.route": "/me",
        "http.request.method": "GET",
        "http.response.status_code": 200,
        "room_booking.property_id": hotel.property.id,
        "room_booking.api_key_id": hotel.writeKey!.id,
      },
    });
    const children = receiver.descendantsOf(span!);
    const systems = new Set(children.map((child) => child.attributes["db.system.name"] ?? child.attributes["db.system"]));
    expect(systems).toContain("postgresql");
    expect(systems).toContain("redis");
    // The key lookup's statement is there; the key's value is in no span.
    expect(children.some((child) => String(child.attributes["db.query.text"] ?? child.attributes["db.statement"] ?? "").includes("api_keys"))).toBe(true);
    expect(JSON.stringify(spans)).not.toContain(hotel.writeKey!.key);
  });

  it("an error answer's span carries its status and problem code, and a 5xx is marked an error", async () => {
    const response = await api("GET", "/bookings/bk_aaaaaaaaaaaaaaaaaaaa", { key: hotel.writeKey!.key });
    expect(response.status).toBe(404);
    const span = requestSpan(await exported(), response.headers.get("x-request-id"));
    expect(span?.attributes).toMatchObject({ "http.route": "/bookings/{id}", "http.response.status_code": 404, "room_booking.problem_code": "not_found" });
    expect(span?.statusCode).toBe(0);

    const twin = await openTestTwin(database().db, hotel.property.id);
    const testKey = await createApiKey(database().db, { propertyId: twin.id, scope: "read", label: "Test", actor: TEST_ACTOR });
    const failed = await api("GET", "/me", { key: testKey.key, headers: { "Test-Scenario": "internal_error" } });
    expect(failed.status).toBe(500);
    const failedSpan = requestSpan(await exported(), failed.headers.get("x-request-id"));
    expect(failedSpan).toMatchObject({ statusCode: 2, attributes: { "http.response.status_code": 500, "room_booking.problem_code": "internal_error", "room_booking.property_id": twin.id } });
  });

  it("follows a booking from the partner's POST to the webhook that announced it: the worker's spans are linked to the request's trace", async () => {
    await createWebhookEndpoint(database().db, {
      propertyId: hotel.property.id,
      endpoint: { url: `${hooks.url}/traced` },
      actor: TEST_ACTOR,
      allowPrivateUrls: true,
      secretBox: testSecretBox,
    });
    worker = await startTestWorker(database(), {
      mail: {
        transport: createSmtpTransport(mail.url),
        from: "Reservations <bookings@hotel.test>",
        manageUrl: guestSiteManageUrl({ db: database().db, partnerApiKey: hotel.readKey.key, publicBaseUrl: "https://hotel.test", sessionSecret: TEST_SESSION_SECRET }),
      },
    });
    const made = await api("POST", "/bookings", { key: hotel.writeKey!.key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST } });
    expect(made.status).toBe(201);
    await waitFor(() => hooks.requests.some((r) => r.path === "/traced") && mail.messages.length > 0);

    const spans = await exported();
    const booking = requestSpan(spans, made.headers.get("x-request-id"))!;
    expect(booking.name).toBe("POST /bookings");
    const event = await database().db.event.findFirstOrThrow({ where: { bookingId: made.body.id } });
    expect(event.traceContext).toBe(`00-${booking.traceId}-${booking.spanId}-01`);

    const delivery = await waitFor(async () => (await exported()).find((s) => s.name === "job deliver-webhook"));
    expect(delivery.links).toEqual([expect.objectContaining({ traceId: booking.traceId, spanId: booking.spanId })]);
    expect(delivery.traceId).not.toBe(booking.traceId);
    expect(delivery.attributes).toMatchObject({ "job.name": "deliver-webhook" });
    const linkedToBooking = (name: string) => waitFor(async () => (await exported()).find((s) => s.name === name && s.links.some((l) => l.traceId === booking.traceId)));
    await linkedToBooking("job dispatch-event");
    await linkedToBooking("job send-guest-email");
    // The job's own queries are its children.
    expect(receiver.descendantsOf(delivery).some((child) => child.attributes["db.system.name"] === "postgresql")).toBe(true);
  });
});
