import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { addDays } from "@/lib/dates/calendar-date";
import type { RunningWorker } from "@/lib/jobs/start-worker";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { setWebhookEndpointEnabled, rotateWebhookSecret } from "@/lib/webhooks/manage-webhook-endpoint";
import { replayDelivery } from "@/lib/webhooks/replay-deliveries";
import { setupTestDatabase } from "../../support/database";
import { waitForQueueDrained } from "../../support/job-queue";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { startTestWorker, TEST_SESSION_SECRET, testSecretBox } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { openTestTwin } from "@/lib/test-mode/test-twin";

/**
 * Webhooks end to end on real PostgreSQL, the real queue worker and a real HTTP receiver:
 * what is booked, changed or cancelled arrives signed (verified with the standardwebhooks package),
 * retried with the same webhook-id, never to a disabled endpoint, again on replay.
 */
const database = setupTestDatabase();
const actor = { label: "test" };
let worker: RunningWorker;
let receiver: LocalWebhookServer;
let answers: number[] = [];

beforeAll(async () => {
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
  useDatabaseForRoutes(database().url);
  receiver = await startLocalWebhookServer((_request, response) => {
    response.statusCode = answers.shift() ?? 200;
    response.end("thanks");
  });
  worker = await startTestWorker(database());
});

afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
});

function received(path: string) {
  return receiver.requests.filter((request) => request.path === path);
}

function verified(secret: string, request: LocalWebhookServer["requests"][number]) {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { id: string; type: string; data: any };
}

async function hotelWithEndpoint(name: string, path: string) {
  const hotel = await partnerFixture(database().db, { name });
  const created = await createWebhookEndpoint(database().db, {
    propertyId: hotel.property.id,
    endpoint: { url: `${receiver.url}${path}` },
    actor,
    allowPrivateUrls: true,
    secretBox: testSecretBox,
  });
  const book = () =>
    createBooking(database().db, { property: hotel.property, input: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST }, actor: TEST_ACTOR }).then(unlessRefused);
  return { hotel, endpoint: created, book };
}

describe("webhook deliveries", () => {
  it("delivers booking.created made through the API and booking.cancelled made elsewhere, signed, with the feed's event ids", async () => {
    const hotel = await partnerFixture(database().db, { name: "Hook Hotel" });
    const key = hotel.writeKey!.key;
    const made = await api("POST", "/webhook-endpoints", { key, body: { url: `${receiver.url}/api-made`, description: "Our receiver" } });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^whsec_/);
    expect(made.body.events).toEqual(["booking.created", "booking.changed", "booking.cancelled", "booking.anonymised", "booking_group.anonymised"]);

    const booked = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST } });
    expect(booked.status).toBe(201);
    unlessRefused(await cancelBooking(database().db, { actor: TEST_ACTOR, property: hotel.property, bookingId: booked.body.id, reason: "At the front desk" }));

    const requests = await waitFor(() => received("/api-made").length === 2 && received("/api-made"), { what: "two deliveries" });
    const events = requests.map((request) => verified(made.body.secret, request)).sort((a, b) => a.type.localeCompare(b.type));
    expect(events.map((event) => [event.type, event.data.booking.id, event.data.booking.status])).toEqual([
      ["booking.cancelled", booked.body.id, "cancelled"],
      ["booking.created", booked.body.id, "confirmed"],
    ]);
    // The feed also holds the fixture's and the booking's ari.changed events, which this endpoint does not take. It
    // serves an event once no older transaction on the server is still open (the feed's ordering rule): on a busy
    // shared PostgreSQL that can be a moment after the delivery, so it is read until both events are there.
    const bookingEvents = await waitFor(
      async () => {
        const feed = await api("GET", "/events", { key });
        const served = feed.body.data.filter((event: { type: string }) => event.type !== "ari.changed");
        return served.length === 2 && served;
      },
      { what: "both booking events in the feed" },
    );
    expect(new Set(bookingEvents.map((event: { id: string }) => event.id))).toEqual(new Set(requests.map((request) => request.headers["webhook-id"])));
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(requests[0]!.body, requests[0]!.headers as Record<string, string>)).toThrow();
  });

  it("delivers test events, marked mode test and signed as live ones, to endpoints made with a test key only; live endpoints get live events only", async () => {
    const hotel = await partnerFixture(database().db, { name: "Sandbox Hook Hotel" });
    const twin = await openTestTwin(database().db, hotel.property.id);
    const testKey = (await createApiKey(database().db, { propertyId: twin.id, scope: "write", label: "Test", actor: TEST_ACTOR })).key;
    const liveKey = hotel.writeKey!.key;
    const testEndpoint = await api("POST", "/webhook-endpoints", { key: testKey, body: { url: `${receiver.url}/test-mode` } });
    const liveEndpoint = await api("POST", "/webhook-endpoints", { key: liveKey, body: { url: `${receiver.url}/live-mode` } });
    expect((await api("GET", "/webhook-endpoints", { key: liveKey })).body.data.map((e: { id: string }) => e.id)).toEqual([liveEndpoint.body.id]);
    expect((await api("GET", `/webhook-endpoints/${liveEndpoint.body.id}`, { key: testKey })).status).toBe(404);

    const testRoomType = (await database().db.roomType.findFirstOrThrow({ where: { propertyId: twin.id } })).id;
    const testBooking = await api("POST", "/bookings", { key: testKey, body: { roomTypeId: testRoomType, ...hotel.stay, adults: 1, guest: GUEST } });
    const liveBooking = await api("POST", "/bookings", { key: liveKey, body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST } });
    const [testRequest] = await waitFor(() => received("/test-mode").length === 1 && received("/test-mode"), { what: "the test delivery" });
    const [liveRequest] = await waitFor(() => received("/live-mode").length === 1 && received("/live-mode"), { what: "the live delivery" });
    const testEvent = verified(testEndpoint.body.secret, testRequest!) as unknown as { mode: string; data: { booking: { id: string; reference: string } } };
    const liveEvent = verified(liveEndpoint.body.secret, liveRequest!) as unknown as { mode: string; data: { booking: { id: string } } };
    expect([testEvent.mode, testEvent.data.booking.id, testEvent.data.booking.reference.slice(0, 5)]).toEqual(["test", testBooking.body.id, "TEST-"]);
    expect([liveEvent.mode, liveEvent.data.booking.id]).toEqual(["live", liveBooking.body.id]);
    // Each endpoint has its one event; once every job the two bookings set off has run, it still has only that one.
    await waitForQueueDrained(database().db);
    expect([received("/test-mode").length, received("/live-mode").length]).toEqual([1, 1]);
  });

  it("delivers a change made through PATCH once, as booking.changed with what it was before, signed, also to an endpoint subscribed to it alone", async () => {
    const hotel = await partnerFixture(database().db, { name: "Change Hook Hotel" });
    const key = hotel.writeKey!.key;
    const all = await api("POST", "/webhook-endpoints", { key, body: { url: `${receiver.url}/changes-all` } });
    const only = await api("POST", "/webhook-endpoints", { key, body: { url: `${receiver.url}/changes-only`, events: ["booking.changed"] } });
    expect([all.status, only.status, only.body.events]).toEqual([201, 201, ["booking.changed"]]);

    const booked = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST } });
    expect(booked.status).toBe(201);
    const changed = await api("PATCH", `/bookings/${booked.body.id}`, {
      key,
      body: { checkout: addDays(hotel.stay.checkout, 1), adults: 2, guest: { lastName: "Sousa" } },
    });
    expect(changed.status).toBe(200);

    const [request] = await waitFor(() => received("/changes-only").length === 1 && received("/changes-only"), { what: "the change's delivery" });
    const event = verified(only.body.secret, request!);
    expect(event.type).toBe("booking.changed");
    expect(event.data.booking).toEqual(changed.body);
    expect(event.data.previous).toEqual({
      checkout: booked.body.checkout,
      nights: booked.body.nights,
      nightly: booked.body.nightly,
      price: booked.body.price,
      adults: 1,
      guest: GUEST,
    });
    expect(() => verified(all.body.secret, request!)).toThrow();

    const toAll = await waitFor(() => received("/changes-all").length === 2 && received("/changes-all"), { what: "both deliveries to the other endpoint" });
    const toAllEvents = toAll.map((delivered) => verified(all.body.secret, delivered));
    expect(toAllEvents.map((delivered) => delivered.type).sort()).toEqual(["booking.changed", "booking.created"]);
    expect(toAllEvents.find((delivered) => delivered.type === "booking.changed")).toEqual(event);
    expect(request!.headers["webhook-id"]).toBe(event.id);
    // Once: when every job the booking and its change set off has run, nothing more has arrived; the feed serves the same event.
    await waitForQueueDrained(database().db);
    expect([received("/changes-only").length, received("/changes-all").length]).toEqual([1, 2]);
    const feed = await waitFor(async () => {
      const served = await api("GET", "/events?type=booking.changed", { key });
      return served.body.data.length > 0 && served;
    }, { what: "the change in the feed" });
    expect(feed.body.data.map((served: { id: string; data: unknown }) => [served.id, served.data])).toEqual([[event.id, event.data]]);
  });

  it("retries a failed delivery with the same webhook-id and records every attempt", async () => {
    const { endpoint, book } = await hotelWithEndpoint("Retry Inn", "/retry");
    answers = [500];
    await book();
    const requests = await waitFor(() => received("/retry").length === 2 && received("/retry"), { what: "the retry" });
    expect(requests[0]!.headers["webhook-id"]).toBe(requests[1]!.headers["webhook-id"]);
    expect(verified(endpoint.secret, requests[1]!).type).toBe("booking.created");
    const delivery = await waitFor(() => database().db.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, status: "succeeded" }, include: { attemptsLog: true } }));
    expect(delivery.attempts).toBe(2);
    expect(delivery.attemptsLog.map((attempt) => attempt.statusCode).sort()).toEqual([200, 500]);
    expect(delivery.attemptsLog.find((attempt) => attempt.statusCode === 200)!.responseBody).toBe("thanks");
  });

  it("sends nothing to a disabled endpoint, and a replay delivers the same event again", async () => {
    const { hotel, endpoint, book } = await hotelWithEndpoint("Quiet Inn", "/quiet");
    const other = await createWebhookEndpoint(database().db, {
      propertyId: hotel.property.id,
      endpoint: { url: `${receiver.url}/loud` },
      actor,
      allowPrivateUrls: true,
      secretBox: testSecretBox,
    });
    await setWebhookEndpointEnabled(database().db, { viewer: { propertyId: hotel.property.id }, id: endpoint.id, enabled: false, actor });
    await book();
    const [first] = await waitFor(() => received("/loud").length === 1 && received("/loud"), { what: "the enabled endpoint's delivery" });
    // The enabled endpoint's delivery may come first: nothing for the disabled one once every job has run.
    await waitForQueueDrained(database().db);
    expect(received("/quiet")).toEqual([]);

    const delivery = await database().db.webhookDelivery.findFirstOrThrow({ where: { endpointId: other.id } });
    await waitFor(async () => (await database().db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status === "succeeded");
    expect(await replayDelivery(database().db, { deliveryId: delivery.id })).toMatchObject({ id: delivery.id, replays: 1 });
    const again = await waitFor(() => received("/loud").length === 2 && received("/loud")[1]);
    expect(again.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(verified(other.secret, again).id).toBe(first!.headers["webhook-id"]);
  });

  it("signs with the new and the old secret for 24 hours after a rotation", async () => {
    const { hotel, endpoint, book } = await hotelWithEndpoint("Rotation Inn", "/rotated");
    const rotated = await rotateWebhookSecret(database().db, { viewer: { propertyId: hotel.property.id }, id: endpoint.id, actor, secretBox: testSecretBox });
    expect(rotated.secret).not.toBe(endpoint.secret);
    await book();
    const [request] = await waitFor(() => received("/rotated").length === 1 && received("/rotated"));
    expect(String(request!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verified(rotated.secret, request!).type).toBe("booking.created");
    expect(verified(endpoint.secret, request!).type).toBe("booking.created");
  });
});
