import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { anonymiseBooking, anonymisedEmail } from "@/lib/bookings/anonymise-booking";
import { addDays } from "@/lib/dates/calendar-date";
import { exportGuestData } from "@/lib/privacy/export-guest-data";
import type { RunningWorker } from "@/lib/jobs/start-worker";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { setupTestDatabase } from "../../support/database";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";
import { rowsHolding } from "../../support/rows-holding";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink";
import { startTestWorker, testSecretBox, testMail } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * Erasing a guest from a booking (issue 40, its domain core): a guest with a marker name and
 * e-mail books, is renamed and cancels through the API, with a webhook endpoint (that echoes
 * the body back) and guest e-mails on, the real worker delivering both; after anonymiseBooking,
 * no row of any table in the database holds the marker, the booking keeps its stay, amounts and
 * references, and the endpoint gets booking.anonymised, signed, with no personal data.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let receiver: LocalWebhookServer;
let sink: SmtpSink;
let worker: RunningWorker;
let endpointSecret: string;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Privacy Hotel" });
  // The partner's server answers with what it got: its answers are kept, and hold the guest too.
  receiver = await startLocalWebhookServer((request, response) => response.end(receiver.requests.at(-1)?.body ?? ""));
  ({ secret: endpointSecret } = await createWebhookEndpoint(database().db, {
    propertyId: hotel.property.id,
    endpoint: { url: `${receiver.url}/hooks` },
    actor: TEST_ACTOR,
    allowPrivateUrls: true,
    secretBox: testSecretBox,
  }));
  sink = await startSmtpSink();
  worker = await startTestWorker(database(), {
    mail: testMail(sink.url),
  });
});

afterAll(async () => {
  await worker?.stop();
  await sink?.close();
  await receiver?.close();
});

/** The tables the guest must be scanned in, whatever else there is. */
const GUEST_TABLES = ["bookings", "booking_history", "events", "webhook_deliveries", "webhook_attempts", "guest_emails"];
const rowsHoldingGuest = (markers: string[]) => rowsHolding(database().db, markers, GUEST_TABLES);

describe("anonymiseBooking", () => {
  it("leaves no trace of the guest in any table, and keeps the booking's stay, amounts and references", async () => {
    const tag = randomBytes(4).toString("hex");
    const marker = { firstName: `Zorblax${tag}`, lastName: `Quibbleton${tag}`, email: `zorblax.${tag}@example.com` };
    const renamed = { firstName: `Wimbleforth${tag}`, lastName: `Quibbleton${tag}` };
    const key = hotel.writeKey!.key;
    const made = await api("POST", "/bookings", {
      key,
      body: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: { ...marker, language: "de" }, externalReference: `partner-${tag}` },
    });
    expect(made.status, made.text).toBe(201);
    const changed = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { guest: renamed } });
    expect(changed.status, changed.text).toBe(200);
    const cancelled = await api("POST", `/bookings/${made.body.id}/cancel`, { key });
    expect(cancelled.status, cancelled.text).toBe(200);
    // Three events, each delivered (and answered with the guest) and e-mailed to the guest.
    const { db } = database();
    await waitFor(async () => (await db.webhookDelivery.count({ where: { status: "succeeded", payload: { contains: made.body.id } } })) === 3, { what: "three deliveries" });
    await waitFor(async () => (await db.guestEmail.count({ where: { recipient: marker.email, sentAt: { not: null } } })) === 3, { what: "three e-mails sent" });
    const markers = [marker.firstName, marker.lastName, marker.email, renamed.firstName];
    expect((await rowsHoldingGuest(markers)).length).toBeGreaterThan(10);
    // Before erasure, the guest's export holds it all: the booking, the name it had before the change, the three e-mails.
    const exported = await exportGuestData(db, { property: hotel.property, email: marker.email.toUpperCase(), actor: TEST_ACTOR, way: "cli" });
    expect(exported.bookings.map((booking) => booking.reference)).toEqual([made.body.reference]);
    const [booking] = exported.bookings;
    expect(booking!.guest).toMatchObject({ firstName: renamed.firstName, lastName: marker.lastName, email: marker.email });
    expect(booking!.history.map((entry) => entry.kind)).toEqual(["changed", "cancelled"]);
    expect(booking!.history[0]!.before).toMatchObject({ guest: { firstName: marker.firstName } });
    expect(booking!.emails.map((email) => [email.about, email.to, email.status])).toEqual([
      ["booking.created", marker.email, "succeeded"],
      ["booking.changed", marker.email, "succeeded"],
      ["booking.cancelled", marker.email, "succeeded"],
    ]);

    const outcome = await anonymiseBooking(db, { property: hotel.property, bookingId: made.body.id, actor: TEST_ACTOR });
    expect(outcome.kind).toBe("anonymised");

    // Partners hear of it: booking.anonymised, signed, with the booking's ids and no personal data.
    const delivered = await waitFor(() => receiver.requests.find((request) => request.body.includes('"booking.anonymised"') && request.body.includes(made.body.id)), { what: "booking.anonymised" });
    const event = new Webhook(endpointSecret).verify(delivered.body, delivered.headers as Record<string, string>) as { type: string; data: unknown };
    expect(event).toMatchObject({ type: "booking.anonymised", data: { bookingId: made.body.id, reference: made.body.reference, anonymisedAt: outcome.kind === "anonymised" ? outcome.anonymisedAt : "" } });
    expect(Object.keys(event.data as object).sort()).toEqual(["anonymisedAt", "bookingId", "reference"]);
    await waitFor(async () => (await db.webhookDelivery.count({ where: { status: "succeeded", eventType: "booking.anonymised" } })) === 1, { what: "its delivery recorded" });

    expect(await rowsHoldingGuest(markers)).toEqual([]);
    const kept = await db.booking.findUniqueOrThrow({ where: { id: made.body.id } });
    expect(kept).toMatchObject({
      reference: made.body.reference,
      externalReference: `partner-${tag}`,
      status: "cancelled",
      totalAmount: made.body.price.amount,
      guestFirstName: "Anonymised",
      guestLastName: "Anonymised",
      guestEmail: anonymisedEmail(made.body.id),
      guestLanguage: null,
    });
    expect(kept.anonymisedAt?.toISOString()).toBe(outcome.kind === "anonymised" ? outcome.anonymisedAt : null);
    // The feed still serves the events, with the anonymised guest.
    const feed = await api("GET", "/events", { key });
    const events = (feed.body.data as { data: { booking: { id: string; guest: unknown } } }[]).filter((event) => event.data.booking?.id === made.body.id);
    expect(events).toHaveLength(3);
    expect((feed.body.data as { type: string }[]).filter((e) => e.type === "booking.anonymised")).toHaveLength(1);
    for (const event of events) expect(event.data.booking.guest).toEqual({ firstName: "Anonymised", lastName: "Anonymised", email: anonymisedEmail(made.body.id) });
  });

  it("answers an anonymised booking as it is, refuses a stay that has not ended, and finds no other property's booking", async () => {
    const key = hotel.writeKey!.key;
    const { db } = database();
    const checkin = addDays(hotel.today, 20);
    const made = await api("POST", "/bookings", {
      key,
      body: { roomTypeId: hotel.roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: { firstName: "Ana", lastName: "Ends", email: "ana.ends@example.com" } },
    });
    expect(made.status, made.text).toBe(201);
    expect(await anonymiseBooking(db, { property: hotel.property, bookingId: made.body.id, actor: TEST_ACTOR })).toEqual({ kind: "not_ended", checkout: addDays(checkin, 2), today: hotel.today });
    // On its checkout day, the stay has ended.
    const onCheckout = { now: () => new Date(`${addDays(checkin, 2)}T12:00:00Z`) };
    const first = await anonymiseBooking(db, { property: hotel.property, bookingId: made.body.id, actor: TEST_ACTOR, clock: onCheckout });
    expect(first.kind).toBe("anonymised");
    const again = await anonymiseBooking(db, { property: hotel.property, bookingId: made.body.id, actor: TEST_ACTOR, clock: onCheckout });
    expect(again).toEqual({ kind: "unchanged", anonymisedAt: first.kind === "anonymised" ? first.anonymisedAt : "" });
    const other = await partnerFixture(db, { name: "Other Privacy Hotel" });
    expect(await anonymiseBooking(db, { property: other.property, bookingId: made.body.id, actor: TEST_ACTOR })).toEqual({ kind: "not_found", bookingId: made.body.id });
  });
});
