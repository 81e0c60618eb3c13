import { receiver } from "../../support/start-test-tracing";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createLogger } from "@/lib/log";
import type { RunningWorker } from "@/lib/jobs/start-worker";
import { flushTracing } from "@/lib/tracing/flush-tracing";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { setupTestDatabase } from "../../support/database";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";
import { testRedisUrl } from "../../support/redis";
import { rowsHolding } from "../../support/rows-holding";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { startTestWorker, testSecretBox, testMail } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * Logs and traces never carry a guest's data (issue 40): a guest with a marker name and e-mail
 * books, is renamed, is refused (a request with the marker and a bad field), cancels, and is
 * erased, through the partner API, with the worker delivering webhooks (the partner's server
 * answers with the body it got) and trying the guest e-mails (the mail server refuses the
 * address, naming it in its answer, as real ones do). Every log line (the app's logger at its
 * most verbose, and the worker's) and every exported span is searched for the marker; after the
 * erasure, so is every table (the mail server's answer kept as the e-mail's last error too).
 */
const logged = vi.hoisted(() => [] as string[]);
vi.mock("@/lib/log", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/log")>();
  return { ...original, log: original.createLogger({ write: (line: string) => void logged.push(line) }, "trace") };
});

const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let partner: LocalWebhookServer;
let sink: SmtpSink;
let worker: RunningWorker;

beforeAll(async () => {
  process.env.REDIS_URL = testRedisUrl();
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Discreet Hotel" });
  partner = await startLocalWebhookServer((request, response) => response.end(partner.requests.at(-1)?.body ?? ""));
  await createWebhookEndpoint(database().db, {
    propertyId: hotel.property.id,
    endpoint: { url: `${partner.url}/hooks` },
    actor: TEST_ACTOR,
    allowPrivateUrls: true,
    secretBox: testSecretBox,
  });
  sink = await startSmtpSink({
    onRcptTo: (address, _session, callback) =>
      callback(Object.assign(new Error(`550 5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 })),
  });
  worker = await startTestWorker(database(), {
    mail: testMail(sink.url),
    log: createLogger({ write: (line: string) => void logged.push(line) }, "trace"),
  });
});

afterAll(async () => {
  await worker?.stop();
  await sink?.close();
  await partner?.close();
  await receiver.close();
});

describe("a guest's data in logs and traces", () => {
  it("is in no log line and no span, and after erasure in no table", async () => {
    const tag = randomBytes(4).toString("hex");
    const marker = { firstName: `Zorblax${tag}`, lastName: `Quibbleton${tag}`, email: `zorblax.${tag}@example.com` };
    const markers = [marker.firstName, marker.lastName, marker.email, `Wimbleforth${tag}`];
    const key = hotel.writeKey!.key;
    const made = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: marker } });
    expect(made.status, made.text).toBe(201);
    const renamed = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { guest: { firstName: `Wimbleforth${tag}` } } });
    expect(renamed.status, renamed.text).toBe(200);
    const refused = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 99, guest: { ...marker, email: `${marker.firstName} at example` } } });
    expect(refused.status).toBe(400);
    const cancelled = await api("POST", `/bookings/${made.body.id}/cancel`, { key });
    expect(cancelled.status, cancelled.text).toBe(200);

    const { db } = database();
    // Three events delivered to the partner (holding the guest), three e-mails refused by the mail server (naming the address).
    await waitFor(async () => (await db.webhookDelivery.count({ where: { status: "succeeded", payload: { contains: made.body.id } } })) === 3, { what: "three deliveries" });
    await waitFor(async () => (await db.guestEmail.count({ where: { status: "failed", lastError: { contains: marker.email } } })) === 3, { what: "three e-mails refused" });
    const erased = await api("POST", `/bookings/${made.body.id}/anonymise`, { key });
    expect(erased.status, erased.text).toBe(200);
    await waitFor(async () => (await db.webhookDelivery.count({ where: { status: "succeeded", eventType: "booking.anonymised" } })) === 1, { what: "booking.anonymised delivered" });

    await flushTracing();
    expect(receiver.spans.length).toBeGreaterThan(20);
    expect(receiver.spans.some((span) => span.name === "POST /bookings")).toBe(true);
    expect(receiver.spans.some((span) => span.name === "job send-guest-email")).toBe(true);
    const spans = JSON.stringify(receiver.spans).toLowerCase();
    for (const text of markers) expect(spans, `a span holds ${text}`).not.toContain(text.toLowerCase());

    expect(logged.some((line) => line.includes('"partner api request"'))).toBe(true);
    expect(logged.some((line) => line.includes(made.body.id) || line.includes('"worker started"'))).toBe(true);
    const lines = logged.filter((line) => markers.some((text) => line.toLowerCase().includes(text.toLowerCase())));
    expect(lines).toEqual([]);

    expect(await rowsHolding(db, markers, ["bookings", "events", "webhook_deliveries", "webhook_attempts", "guest_emails"])).toEqual([]);
  });
});
