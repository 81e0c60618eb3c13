import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createBooking } from "@/lib/bookings/create-booking";
import { newId } from "@/lib/ids";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { createSecretBox } from "@/lib/secrets/secret-box";
import { seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";
import { propertyJobsDone } from "../support/property-jobs";
import { addDays } from "../support/partner-api";
import { RECEIVER_ANSWER, startWebhookReceiver, verifiedEvents } from "../support/webhook-receiver";

/** A property of the test's own (no other test's events reach its endpoints), with a walk-in booking at `offset` days. */
async function hotelWithBooking(offset: number) {
  const { property, roomTypes } = await seedProperty(e2eDb(), { name: "Webhook Test Hotel" });
  const checkin = addDays(new Date().toISOString().slice(0, 10), offset);
  const book = () => createBooking(e2eDb(), {
    property,
    actor: TEST_ACTOR,
    input: { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: { firstName: "Hook", lastName: "Guest", email: "hook.guest@example.com" } },
  }).then(unlessRefused);
  return { property, book, booking: (await book()).booking };
}

const endpointCard = (page: Page, url: string) => page.getByRole("article", { name: `Endpoint ${url}` });

test("an admin adds an endpoint; a real receiver gets signed test, cancellation and replayed events, nothing while it is disabled, and the next booking once enabled again", async ({ page }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  try {
    const { property, book, booking } = await hotelWithBooking(40);
    const { email } = await newStaff(property.slug, "admin");
    await signInAs(page, email);
    await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Settings" }).click();
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    // A refused URL is explained beside the field.
    await page.getByLabel("URL", { exact: true }).fill("ftp://example.com/hooks");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.locator("#webhook-url-error")).not.toBeEmpty();
    await expect(page.getByLabel("URL", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("URL", { exact: true }).fill(receiver.url);
    await expect(page.getByLabel("booking.created")).toBeChecked();
    await expect(page.getByLabel("booking.cancelled")).toBeChecked();
    // Who keeps a guest's data hears when it is erased: ticked like the booking events.
    await expect(page.getByLabel("booking.anonymised")).toBeChecked();
    await expect(page.getByLabel("booking_group.anonymised")).toBeChecked();
    // ARI events are offered, for partners that ask for them by name: not ticked to start with.
    await expect(page.getByLabel("ari.changed")).not.toBeChecked();
    await page.getByLabel("Description (optional)").fill("E2E receiver");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await page.getByTestId("new-webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText("it will not be shown again")).toBeVisible();
    await expect(page.getByText("standardwebhooks", { exact: true }).first()).toBeVisible();
    expect(await seriousViolations(page), "webhooks page").toEqual([]);

    const card = endpointCard(page, receiver.url);
    await expect(card.getByText("E2E receiver")).toBeVisible();
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(card.getByRole("status")).toContainText("Test event");
    await expect.poll(() => verifiedEvents(receiver.received, secret).map((e) => e.type), { timeout: 15_000 }).toEqual(["webhook.test"]);

    // Cancelled in the panel: the receiver gets a verified booking.cancelled for that booking.
    await page.goto(`/bookings/${booking.id}`);
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("definition").filter({ hasText: /^cancelled$/ })).toBeVisible();
    const cancelled = async () => verifiedEvents(receiver.received, secret).filter((e) => e.type === "booking.cancelled" && e.data.booking?.id === booking.id);
    await expect.poll(async () => (await cancelled()).length, { timeout: 15_000 }).toBe(1);
    const cancelledId = (await cancelled())[0]!.webhookId;

    // Its delivery, replayed from the deliveries page: the same webhook-id arrives again, signed afresh.
    await page.goto("/settings/webhooks");
    await endpointCard(page, receiver.url).getByRole("link", { name: /^Deliveries/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Deliveries" })).toBeVisible();
    const row = page.getByTestId(`delivery-${cancelledId}`);
    await expect.poll(async () => { await page.reload(); return row.textContent(); }, { timeout: 15_000 }).toContain("succeeded");
    expect(await seriousViolations(page), "deliveries page").toEqual([]);
    await row.getByRole("button", { name: `Replay ${cancelledId}` }).click();
    await expect(row.getByRole("status")).toContainText("Sent again now");
    await expect.poll(async () => (await cancelled()).length, { timeout: 15_000 }).toBe(2);
    expect(receiver.received.filter((r) => r.headers["webhook-id"] === cancelledId)).toHaveLength(2);

    // Its attempts, with the receiver's answer shown as text.
    await expect.poll(async () => { await page.reload(); return row.getByRole("cell").nth(3).textContent(); }, { timeout: 15_000 }).toBe("2");
    await row.getByRole("link", { name: cancelledId }).click();
    await expect(page.getByRole("heading", { name: `Delivery of ${cancelledId}` })).toBeVisible();
    await expect(page.locator("li pre").filter({ hasText: RECEIVER_ANSWER })).toHaveCount(2);
    await expect(page.locator("li b")).toHaveCount(0);
    expect(await seriousViolations(page), "delivery page").toEqual([]);

    // Disabled: the reason shows, a test event and a replay are refused, and a new booking sends nothing.
    await page.goto("/settings/webhooks");
    page.once("dialog", (dialog) => dialog.accept());
    await endpointCard(page, receiver.url).getByRole("button", { name: "Disable" }).click();
    await expect(endpointCard(page, receiver.url).getByTestId("disabled-reason")).toContainText(`Disabled by ${email}`);
    await endpointCard(page, receiver.url).getByRole("button", { name: "Send test event" }).click();
    await expect(endpointCard(page, receiver.url).getByRole("alert")).toContainText("This endpoint is disabled");
    const before = receiver.received.length;
    const { booking: later } = await book();
    await page.goto(`/settings/webhooks/${(await e2eDb().webhookEndpoint.findFirstOrThrow({ where: { propertyId: property.id } })).id}`);
    await expect(page.getByTestId("disabled-reason")).toBeVisible();
    await row.getByRole("button", { name: `Replay ${cancelledId}` }).click();
    await expect(row.getByRole("alert")).toContainText("This endpoint is disabled");
    // The new booking's event has been handed out (its guest e-mail is queued in the same step), and
    // once every job of the hotel's has run, none of it has reached the receiver.
    const laterEvent = await e2eDb().event.findFirstOrThrow({ where: { bookingId: later.id, type: "booking.created" } });
    await expect.poll(() => e2eDb().guestEmail.count({ where: { eventId: laterEvent.id } }), { timeout: 15_000 }).toBe(1);
    await propertyJobsDone(property.id);
    expect(receiver.received.length).toBe(before);
    expect(await e2eDb().webhookDelivery.count({ where: { eventId: laterEvent.id } })).toBe(0);

    // Enabled again, the same endpoint gets the next booking, once; the booking made while it was disabled never.
    await page.goto("/settings/webhooks");
    await endpointCard(page, receiver.url).getByRole("button", { name: "Enable" }).click();
    await expect(endpointCard(page, receiver.url).getByTestId("disabled-reason")).toHaveCount(0);
    const { booking: next } = await book();
    const created = () => verifiedEvents(receiver.received.slice(before), secret).map((e) => [e.type, e.data.booking?.id]);
    await expect.poll(created, { timeout: 15_000 }).toEqual([["booking.created", next.id]]);
    await propertyJobsDone(property.id);
    expect(created()).toEqual([["booking.created", next.id]]);
  } finally {
    await receiver.close();
  }
});

test("a viewer sees endpoints and deliveries but no action buttons", async ({ page }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Webhook Viewer Hotel" });
  // Made here, not by the server: its secret is sealed with a box of this test's own (nothing is ever sent).
  const endpoint = await createWebhookEndpoint(e2eDb(), {
    propertyId: property.id,
    endpoint: { url: "https://receiver.example.com/hooks", description: "Partner receiver" },
    actor: { label: "e2e" },
    allowPrivateUrls: false,
    secretBox: createSecretBox(randomBytes(32).toString("hex")),
  });
  const eventId = newId("evt");
  await e2eDb().webhookDelivery.create({
    data: { id: newId("whd"), endpointId: endpoint.id, eventId, eventType: "webhook.test", payload: "{}", status: "failed", attempts: 1, lastError: "connection refused" },
  });
  const { email } = await newStaff(property.slug, "viewer");
  await signInAs(page, email);
  await page.goto("/settings/webhooks");
  await expect(page.getByText("You have view access")).toBeVisible();
  await expect(endpointCard(page, endpoint.url)).toContainText("Partner receiver");
  await expect(page.getByText("Guest e-mails are")).toBeVisible();
  expect(await seriousViolations(page), "webhooks page, viewer").toEqual([]);
  for (const name of ["Add endpoint", "Send test event", "Disable", "Rotate secret", "Delete", /Turn guest e-mails/]) {
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  }
  await endpointCard(page, endpoint.url).getByRole("link", { name: /^Deliveries/ }).click();
  await expect(page.getByTestId(`delivery-${eventId}`)).toContainText("connection refused");
  await expect(page.getByRole("button", { name: /Replay/ })).toHaveCount(0);

  expect((await page.goto("/settings/webhooks/whe_not-an-id"))?.status()).toBe(404);
  const other = await seedProperty(e2eDb(), { name: "Webhook Other Hotel" });
  const theirs = await createWebhookEndpoint(e2eDb(), {
    propertyId: other.property.id, endpoint: { url: "https://other.example.com/hooks" }, actor: { label: "e2e" }, allowPrivateUrls: false, secretBox: createSecretBox(randomBytes(32).toString("hex")),
  });
  expect((await page.goto(`/settings/webhooks/${theirs.id}`))?.status()).toBe(404);
});

test("the development mailbox is not served by a production build", async ({ page }) => {
  expect((await page.goto("/dev/mailbox"))?.status()).toBe(404);
  expect((await page.goto("/dev/mailbox/20261214T101530123Z-9f3a1c07"))?.status()).toBe(404);
});
