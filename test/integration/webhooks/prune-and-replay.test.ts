import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { describe, expect, it } from "vitest";
import { createBooking } from "@/lib/bookings/create-booking";
import { pruneOldRecords } from "@/lib/jobs/prune-old-records";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { setWebhookEndpointEnabled } from "@/lib/webhooks/manage-webhook-endpoint";
import { queueDelivery } from "@/lib/webhooks/queue-webhook-deliveries";
import { replayFailedDeliveries } from "@/lib/webhooks/replay-deliveries";
import { setupTestDatabase } from "../../support/database";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { testSecretBox } from "../../support/test-worker";

/** Records are kept 30 days (events a day longer); failed deliveries since a time can be replayed at once. */
const database = setupTestDatabase();
const DAY = 86_400_000;
const actor = { label: "test" };

async function endpointOf(name: string) {
  const hotel = await partnerFixture(database().db, { name });
  const endpoint = await createWebhookEndpoint(database().db, { propertyId: hotel.property.id, endpoint: { url: "https://hooks.example.com/x" }, actor, allowPrivateUrls: false, secretBox: testSecretBox });
  return { hotel, endpoint };
}

async function delivery(endpointId: string, eventId: string, status: "pending" | "succeeded" | "failed", createdAt: Date) {
  await database().db.$transaction((tx) => queueDelivery(tx, { endpointId, eventId, eventType: "webhook.test", payload: "{}" }));
  return database().db.webhookDelivery.update({ where: { endpointId_eventId: { endpointId, eventId } }, data: { status, createdAt } });
}

describe("keeping and replaying", () => {
  it("prunes events after 31 days and finished deliveries after 30, keeps what is newer or still pending", async () => {
    const { hotel, endpoint } = await endpointOf("Prune Inn");
    const now = new Date();
    const { booking } = unlessRefused(await createBooking(database().db, { property: hotel.property, input: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST }, actor: TEST_ACTOR }));
    await database().db.event.updateMany({ where: { bookingId: booking.id }, data: { createdAt: new Date(now.getTime() - 32 * DAY) } });
    const old = await delivery(endpoint.id, "evt_00000000000000000001", "succeeded", new Date(now.getTime() - 31 * DAY));
    const oldPending = await delivery(endpoint.id, "evt_00000000000000000002", "pending", new Date(now.getTime() - 31 * DAY));
    const recent = await delivery(endpoint.id, "evt_00000000000000000003", "failed", new Date(now.getTime() - 29 * DAY));

    const pruned = await pruneOldRecords(database().db, now);
    expect(pruned.events).toBeGreaterThanOrEqual(1);
    expect(await database().db.event.count({ where: { bookingId: booking.id } })).toBe(0);
    const left = await database().db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, select: { id: true } });
    expect(left.map((d) => d.id).sort()).toEqual([oldPending.id, recent.id].sort());
    expect(left.map((d) => d.id)).not.toContain(old.id);
  });

  it("replays every failed delivery since a time, and refuses while the endpoint is disabled", async () => {
    const { hotel, endpoint } = await endpointOf("Replay Inn");
    const now = Date.now();
    const before = await delivery(endpoint.id, "evt_0000000000000000000a", "failed", new Date(now - 3 * DAY));
    const after = [
      await delivery(endpoint.id, "evt_0000000000000000000b", "failed", new Date(now - DAY)),
      await delivery(endpoint.id, "evt_0000000000000000000c", "failed", new Date(now - 2 * 3_600_000)),
    ];
    const fine = await delivery(endpoint.id, "evt_0000000000000000000d", "succeeded", new Date(now - 3_600_000));

    expect(await replayFailedDeliveries(database().db, { endpointId: endpoint.id, propertyId: hotel.property.id, since: new Date(now - 2 * DAY) })).toBe(2);
    const rows = await database().db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const replayed of after) expect(byId.get(replayed.id)).toMatchObject({ status: "pending", replays: 1 });
    expect(byId.get(before.id)).toMatchObject({ status: "failed", replays: 0 });
    expect(byId.get(fine.id)).toMatchObject({ status: "succeeded", replays: 0 });

    await setWebhookEndpointEnabled(database().db, { viewer: { propertyId: hotel.property.id }, id: endpoint.id, enabled: false, actor });
    await expect(replayFailedDeliveries(database().db, { endpointId: endpoint.id, propertyId: hotel.property.id, since: new Date(0) })).rejects.toThrow(/disabled/);
  });
});
