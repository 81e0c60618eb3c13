import { expect, test } from "@playwright/test";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { e2eDb } from "../support/db";
import { bothInstancesUp } from "../support/instances";
import { propertyJobsDone } from "../support/property-jobs";
import { addDays } from "../support/partner-api";
import { startWebhookReceiver, verifiedEvents } from "../support/webhook-receiver";

/**
 * Both production instances run the queue worker on one database: bookings made through
 * either are delivered to a partner's endpoint once each, signed, whichever worker takes them.
 */
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(() => receiver?.close());

test("two instances with their workers deliver each event once per endpoint", async ({ request }) => {
  const urls = await bothInstancesUp(request);
  const { property, roomTypes } = await seedProperty(e2eDb(), {
    name: "Webhook Twins Hotel",
    plan: "starter",
    roomTypes: [{ name: "Room", description: "Rooms.", maxAdults: 2, rooms: 20, basePrice: 10_000 }],
  });
  const key = (await seedApiKey(e2eDb(), property.id, "write", "Twins")).key;
  const headers = { "X-Api-Key": key };
  const endpoint = await (await request.post(`${urls[0]}/partner/v1/webhook-endpoints`, { headers, data: { url: receiver.url } })).json();
  const today = (await (await request.get(`${urls[1]}/partner/v1/me`, { headers })).json()).property.today as string;

  const made = await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const response = await request.post(`${urls[i % 2]}/partner/v1/bookings`, {
        headers,
        data: { roomTypeId: roomTypes[0]!.id, checkin: addDays(today, 30), checkout: addDays(today, 32), adults: 1, guest: { firstName: "Twin", lastName: `No ${i}`, email: `twin${i}@example.com` } },
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }),
  );
  await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(12);
  // Every job of the hotel's bookings has run, on either instance: a duplicate would be here by now.
  await propertyJobsDone(property.id);
  const events = verifiedEvents(receiver.received, endpoint.secret);
  expect(events).toHaveLength(12);
  expect(new Set(events.map((e) => e.webhookId)).size).toBe(12);
  expect(new Set(events.map((e) => e.data.booking.id))).toEqual(new Set(made));
});
