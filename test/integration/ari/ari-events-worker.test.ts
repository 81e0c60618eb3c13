import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { addDays, eachDate } from "@/lib/dates/calendar-date";
import { BOOKING_EVENT_TYPES, DEFAULT_WEBHOOK_EVENT_TYPES } from "@/lib/events/event-types";
import type { AriChangedView } from "@/lib/schemas/events";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import type { PropertySpec } from "@/prisma/factories";
import { setupTestDatabase } from "../../support/database";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { startTestWorker, TEST_SESSION_SECRET, testSecretBox } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * ari.changed as the worker raises it (issue 39): coalesced over a window, delivered signed only
 * to endpoints that name it, and never lost when the worker dies between the mark and the event.
 */
const database = setupTestDatabase();
let receiver: LocalWebhookServer;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  receiver = await startLocalWebhookServer();
});
afterAll(() => receiver.close());

async function hotelWithoutMail(name: string, roomTypes?: PropertySpec["roomTypes"]) {
  const hotel = await partnerFixture(database().db, { name, ...(roomTypes ? { roomTypes } : {}) });
  await database().db.property.update({ where: { id: hotel.property.id }, data: { guestEmailsEnabled: false } });
  // The fixture's new calendars are not what these tests are about.
  await database().db.ariMark.deleteMany({ where: { propertyId: hotel.property.id } });
  return hotel;
}

const ariEvents = async (propertyId: string) =>
  (await database().db.event.findMany({ where: { propertyId, type: "ari.changed" }, orderBy: { sequence: "asc" } })).map((event) => event.data as AriChangedView);
const marksLeft = (propertyId: string) => database().db.ariMark.count({ where: { propertyId } });

async function withWorker<T>(overrides: Parameters<typeof startTestWorker>[1], work: () => Promise<T>): Promise<T> {
  const worker = await startTestWorker(database(), overrides);
  try {
    return await work();
  } finally {
    await worker.stop();
  }
}

describe("delivery", () => {
  it("goes only to endpoints that name ari.changed, signed; an endpoint that took every event before it existed, or names none, does not get it", async () => {
    const hotel = await hotelWithoutMail("Ari Delivery Hotel");
    const endpoint = (path: string, events?: string[]) =>
      createWebhookEndpoint(database().db, {
        propertyId: hotel.property.id,
        endpoint: { url: `${receiver.url}${path}`, ...(events ? { events: events as never } : {}) },
        actor: TEST_ACTOR,
        allowPrivateUrls: true,
        secretBox: testSecretBox,
      });
    // What "all events" was when endpoints were made before ari.changed: the three booking types, stored.
    await endpoint("/ari-old-all", [...BOOKING_EVENT_TYPES]);
    const defaulted = await endpoint("/ari-default");
    expect(defaulted.events).toEqual([...DEFAULT_WEBHOOK_EVENT_TYPES]);
    expect(defaulted.events).not.toContain("ari.changed");
    const subscribed = await endpoint("/ari-subscribed", ["booking.created", "ari.changed"]);

    await withWorker({}, async () => {
      const made = await api("POST", "/bookings", { key: hotel.writeKey!.key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST } });
      expect(made.status, made.text).toBe(201);
      const received = (path: string) => receiver.requests.filter((request) => request.path === path);
      const delivered = await waitFor(() => received("/ari-subscribed").length === 2 && received("/ari-subscribed"), { what: "both deliveries to the subscribed endpoint" });
      const events = delivered.map((request) => new Webhook(subscribed.secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: unknown });
      const ari = events.find((event) => event.type === "ari.changed");
      expect(ari?.data).toEqual({ roomTypeId: hotel.roomTypes[0]!.id, from: hotel.stay.checkin, to: addDays(hotel.stay.checkout, -1), changed: ["availability"] });
      await waitFor(() => received("/ari-old-all").length === 1 && received("/ari-default").length === 1, { what: "the booking's deliveries to the others" });
      // The ari.changed event is written, delivered where subscribed: none of it reached the others.
      const deliveries = await database().db.webhookDelivery.findMany({ where: { eventType: "ari.changed" }, select: { endpointId: true } });
      expect(deliveries.map((delivery) => delivery.endpointId)).toEqual([subscribed.id]);
      for (const path of ["/ari-old-all", "/ari-default"]) expect(received(path).map((request) => JSON.parse(request.body).type)).toEqual(["booking.created"]);
    });
  });
});

describe("coalescing", () => {
  it("100 concurrent bookings make a handful of events, whose ranges cover every booked night", async () => {
    const hotel = await hotelWithoutMail("Ari Burst Hotel", [
      { name: "Dorm", description: "Beds.", maxAdults: 1, rooms: 60, basePrice: 3_000 },
      { name: "Double", description: "A double room.", maxAdults: 2, rooms: 60, basePrice: 9_000 },
    ]);
    const bookings = Array.from({ length: 100 }, (_, i) => {
      const checkin = addDays(hotel.today, 10 + ((i * 7) % 60));
      return { roomTypeId: hotel.roomTypes[i % 2]!.id, checkin, checkout: addDays(checkin, 1 + (i % 3)), adults: 1, guest: GUEST };
    });
    await withWorker({ ariWindowMs: 2_000 }, async () => {
      const answers = await Promise.all(bookings.map((body) => api("POST", "/bookings", { key: hotel.writeKey!.key, body })));
      expect(answers.map((answer) => answer.status)).toEqual(bookings.map(() => 201));
      await waitFor(async () => (await marksLeft(hotel.property.id)) === 0 && (await database().db.ariSchedule.count({ where: { propertyId: hotel.property.id } })) === 0, {
        what: "every mark raised",
        timeoutMs: 30_000,
      });
    });
    const events = await ariEvents(hotel.property.id);
    expect(events.length).toBeGreaterThanOrEqual(2); // one per room type at least
    expect(events.length).toBeLessThanOrEqual(6);
    for (const booking of bookings) {
      for (const night of eachDate(booking.checkin, addDays(booking.checkout, -1))) {
        const covering = events.find((event) => event.roomTypeId === booking.roomTypeId && event.from <= night && night <= event.to);
        expect(covering, `${booking.roomTypeId} ${night}`).toBeDefined();
        expect(covering!.changed).toEqual(["availability"]);
      }
    }
  });
});

describe("a worker killed between the mark and the event", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  });

  it("leaves the marks, and the next worker raises them when it starts", { timeout: 90_000 }, async () => {
    const { url } = database();
    const hotel = await hotelWithoutMail("Ari Crash Hotel");
    const made = await api("POST", "/bookings", { key: hotel.writeKey!.key, body: { roomTypeId: hotel.roomTypes[1]!.id, ...hotel.stay, adults: 1, guest: GUEST } });
    expect(made.status, made.text).toBe(201);
    expect(await marksLeft(hotel.property.id)).toBe(1);

    // Hold the property's ARI lock, so the worker's raise stops inside its transaction; then kill it there.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [`ari:${hotel.property.id}`]);
      child = spawn(join(process.cwd(), "node_modules", ".bin", "tsx"), ["scripts/worker.ts"], {
        env: { ...process.env, DATABASE_URL: url, ARI_COALESCE_SECONDS: "0", LOG_LEVEL: "silent", NODE_ENV: "test", SESSION_SECRET: TEST_SESSION_SECRET },
        detached: true,
        stdio: "ignore",
      });
      const waiting = await waitFor(
        async () => (await holder.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")).rows[0],
        { what: "the worker's raise waiting for the lock", timeoutMs: 30_000 },
      );
      process.kill(-child.pid!, "SIGKILL");
      // Its machine is gone: so is its connection, and the transaction with it.
      await holder.query("SELECT pg_terminate_backend($1)", [waiting.pid]);
      await waitFor(async () => (await holder.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [waiting.pid])).rowCount === 0, { what: "the killed worker's session to end" });
    } finally {
      await holder.end();
    }
    expect(await ariEvents(hotel.property.id)).toEqual([]);
    expect(await marksLeft(hotel.property.id)).toBe(1);

    await withWorker({}, async () => {
      await waitFor(async () => (await ariEvents(hotel.property.id)).length > 0, { what: "the event, raised by the next worker" });
    });
    expect(await ariEvents(hotel.property.id)).toEqual([
      { roomTypeId: hotel.roomTypes[1]!.id, from: hotel.stay.checkin, to: addDays(hotel.stay.checkout, -1), changed: ["availability"] },
    ]);
    expect(await marksLeft(hotel.property.id)).toBe(0);
  });
});
