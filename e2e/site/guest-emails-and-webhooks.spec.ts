import { expect, test } from "@playwright/test";
import { demoCredentials } from "../support/demo";
import { receivedMail } from "../support/mailbox";
import { partnerApi } from "../support/partner-api";
import { chooseRoom, fillGuest, newGuest } from "../support/site";
import { ownStay } from "../support/stays";
import { startWebhookReceiver, verifiedEvents } from "../support/webhook-receiver";

/**
 * What leaves the system when a guest books and cancels on the site: the hotel's e-mails
 * (to the run's real SMTP server), whose manage link opens the booking, and signed webhooks
 * to a partner's receiver (a real HTTP server started here).
 */
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(() => receiver?.close());

test("a booking on the site e-mails the guest a manage link that opens it; cancelling there e-mails again and sends both webhooks", async ({ page, request }) => {
  const api = partnerApi(request);
  const endpoint = await (await api.post("/webhook-endpoints", { url: receiver.url, description: "e2e receiver" })).json();
  expect(endpoint.secret).toMatch(/^whsec_/);
  try {
    const stay = await ownStay(2);
    const guest = newGuest("Clara");
    await chooseRoom(page, stay, 1, "Double Room");
    await fillGuest(page, guest);
    await page.getByRole("button", { name: "Book" }).click();
    await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
    const reference = (await page.getByTestId("booking-reference").textContent())!.trim();

    await expect.poll(async () => (await receivedMail(guest.email)).length, { timeout: 20_000 }).toBe(1);
    const [confirmation] = await receivedMail(guest.email);
    expect(confirmation!.subject).toBe(`Your booking at Harbour View Hotel is confirmed – ${reference}`);
    expect(confirmation!.html).toContain(reference);
    const link = /http:\/\/127\.0\.0\.1:\d+\/manage\/\S+/.exec(confirmation!.text ?? "")?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByTestId("booking-reference")).toHaveText(reference);
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("This booking is cancelled. You will not be charged.");

    await expect.poll(async () => (await receivedMail(guest.email)).map((mail) => mail.subject), { timeout: 20_000 }).toEqual([
      `Your booking at Harbour View Hotel is confirmed – ${reference}`,
      `Your booking at Harbour View Hotel is cancelled – ${reference}`,
    ]);
    // Other specs book at the demo hotel meanwhile: look at this booking's events.
    const ours = () => verifiedEvents(receiver.received, endpoint.secret).filter((event) => event.data.booking.reference === reference);
    await expect.poll(() => ours().length, { timeout: 20_000 }).toBe(2);
    const events = ours().map((event) => [event.type, event.data.booking.reference]);
    expect(events.sort()).toEqual([
      ["booking.cancelled", reference],
      ["booking.created", reference],
    ]);
  } finally {
    await request.delete(`/partner/v1/webhook-endpoints/${endpoint.id}`, { headers: { "X-Api-Key": demoCredentials().partnerApiKey } });
  }
});
