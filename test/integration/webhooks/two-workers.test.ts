import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "@/lib/bookings/create-booking";
import type { RunningWorker } from "@/lib/jobs/start-worker";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { setupTestDatabase } from "../../support/database";
import { waitForQueueDrained } from "../../support/job-queue";
import { startLocalWebhookServer, type LocalWebhookServer } from "../../support/local-webhook-server";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { startTestWorker, testSecretBox } from "../../support/test-worker";
import { waitFor } from "../../support/wait-for";

/**
 * Two workers (as two app instances run them) on one database: every event reaches every
 * endpoint exactly once, however the jobs are shared out.
 */
const database = setupTestDatabase();
let workers: RunningWorker[] = [];
let receiver: LocalWebhookServer;

beforeAll(async () => {
  receiver = await startLocalWebhookServer();
  workers = await Promise.all([startTestWorker(database()), startTestWorker(database())]);
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await receiver?.close();
});

describe("two workers", () => {
  it("deliver each of 30 concurrent bookings' events once to each of two endpoints", async () => {
    const hotel = await partnerFixture(database().db, {
      name: "Busy Inn",
      roomTypes: [{ name: "Dorm", description: "Beds.", maxAdults: 1, rooms: 40, basePrice: 3_000 }],
    });
    for (const path of ["/a", "/b"]) {
      await createWebhookEndpoint(database().db, { propertyId: hotel.property.id, endpoint: { url: `${receiver.url}${path}` }, actor: { label: "test" }, allowPrivateUrls: true, secretBox: testSecretBox });
    }
    const bookings = await Promise.all(
      Array.from({ length: 30 }, () =>
        createBooking(database().db, { property: hotel.property, input: { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST }, actor: TEST_ACTOR }).then(unlessRefused),
      ),
    );
    await waitFor(() => receiver.requests.length >= 60, { what: "60 deliveries" });
    // Every dispatch and delivery either worker took has run: a duplicate would be here by now.
    await waitForQueueDrained(database().db);
    for (const path of ["/a", "/b"]) {
      const got = receiver.requests.filter((request) => request.path === path);
      const bookingIds = got.map((request) => JSON.parse(request.body).data.booking.id as string);
      expect(got).toHaveLength(30);
      expect(new Set(got.map((request) => request.headers["webhook-id"])).size).toBe(30);
      expect(new Set(bookingIds)).toEqual(new Set(bookings.map((made) => made.booking.id)));
    }
  });
});
