import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "@/lib/bookings/create-booking";
import { systemClock } from "@/lib/clock";
import { dispatchEvent } from "@/lib/jobs/dispatch-event";
import { adminCliOn, type AdminRun } from "../support/admin-cli";
import { setupTestDatabase } from "../support/database";
import { GUEST, partnerFixture } from "../support/partner-fixtures";
import { TEST_SESSION_SECRET, testSecretBox } from "../support/test-worker";

/**
 * The admin CLI's webhook commands as operators run them (child processes): the secret
 * printed once and sealed with the server's secret, switches, deliveries and replay.
 */
const database = setupTestDatabase();

beforeAll(() => {
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
});

const cli = adminCliOn(database);
const admin = (args: string[]) => cli([...args, "--json"]);

function json(run: AdminRun): any {
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

describe("admin CLI: webhook", { timeout: 120_000 }, () => {
  it("create, list, disable, enable, rotate-secret, deliveries, replay and delete", async () => {
    const hotel = await partnerFixture(database().db, { name: "Cli Hooks Hotel" });
    const slug = hotel.property.slug;

    const created = json(await admin(["webhook", "create", slug, "--url", "https://hooks.example.com/rb", "--events", "booking.cancelled", "--description", "Ops"]));
    expect(Object.keys(created).sort()).toEqual(["id", "secret"]);
    expect(created.secret).toMatch(/^whsec_/);
    const row = await database().db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(testSecretBox.open(row.secretCiphertext)).toBe(created.secret);
    expect(row.secretCiphertext).not.toContain(created.secret.slice(6));

    const listed = json(await admin(["webhook", "list", slug]));
    expect(listed.data).toEqual([expect.objectContaining({ id: created.id, url: "https://hooks.example.com/rb", events: ["booking.cancelled"], enabled: true })]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    expect(json(await admin(["webhook", "disable", created.id]))).toEqual({ id: created.id, enabled: false });
    expect(json(await admin(["webhook", "enable", created.id]))).toEqual({ id: created.id, enabled: true });
    const rotated = json(await admin(["webhook", "rotate-secret", created.id]));
    expect(rotated.id).toBe(created.id);
    expect(rotated.secret).not.toBe(created.secret);

    const all = json(await admin(["webhook", "create", slug, "--url", "https://hooks.example.com/all"]));
    const { booking } = unlessRefused(await createBooking(database().db, {
      property: hotel.property,
      input: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST },
      actor: TEST_ACTOR,
    }));
    const event = await database().db.event.findFirstOrThrow({ where: { bookingId: booking.id } });
    await dispatchEvent({ db: database().db, clock: systemClock, mailEnabled: false }, event.id);
    expect(json(await admin(["webhook", "deliveries", created.id])).data).toEqual([]);
    const deliveries = json(await admin(["webhook", "deliveries", all.id])).data;
    expect(deliveries).toEqual([
      { id: expect.stringMatching(/^whd_/), eventId: event.id, eventType: "booking.created", status: "pending", attempts: 0, lastAttemptAt: null, nextAttemptAt: expect.any(String) },
    ]);
    expect(json(await admin(["webhook", "deliveries", all.id, "--failed"])).data).toEqual([]);
    expect(json(await admin(["webhook", "replay", deliveries[0].id]))).toEqual({ id: deliveries[0].id, replays: 1, status: "pending" });

    expect(json(await admin(["webhook", "delete", created.id]))).toEqual({ id: created.id, deleted: true });
    const gone = await admin(["webhook", "disable", created.id]);
    expect(gone.code).toBe(1);
    expect((await admin(["webhook", "replay", "whd_nope"])).code).toBe(2);
    const audited = await database().db.auditEvent.findMany({ where: { propertyId: hotel.property.id }, select: { action: true, details: true } });
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(["webhook_endpoint_created", "webhook_endpoint_disabled", "webhook_endpoint_enabled", "webhook_secret_rotated", "webhook_endpoint_deleted"]),
    );
    expect(JSON.stringify(audited)).not.toContain("whsec_");
  });
});
