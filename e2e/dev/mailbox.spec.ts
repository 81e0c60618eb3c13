import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { devMailboxDir, listDevMailbox } from "@/lib/mail/dev-mailbox";
import { partnerApi } from "../support/partner-api";
import { ownStay } from "../support/stays";

test("a guest e-mail in the dev mailbox: the frame grows to the message, its button opens the manage page in a new tab, the text part's address is a link", async ({ page, request }) => {
  const api = partnerApi(request);
  const roomTypeId = (await (await api.get("/room-types")).json()).data.find((roomType: { name: string }) => roomType.name === "Double Room").id;
  const stay = await ownStay(1);
  const email = `mailbox-${randomBytes(4).toString("hex")}@example.com`;
  const made = await api.post("/bookings", { roomTypeId, ...stay, adults: 1, guest: { firstName: "Mia", lastName: "Box", email } }, { "Idempotency-Key": `mailbox-${email}` });
  expect(made.status()).toBe(201);
  const reference = (await made.json()).reference;

  const inMailbox = async () => (await listDevMailbox(devMailboxDir(), 100)).find((mail) => mail.to.includes(email))?.id;
  await expect.poll(inMailbox, { timeout: 30_000 }).toBeTruthy();
  await page.goto(`/dev/mailbox/${await inMailbox()}`);

  // The whole message shows, with no scrollbar inside the frame (measured inside it: the page cannot read it).
  const frame = page.locator("iframe[title='HTML part of the message']");
  const inside = page.frameLocator("iframe[title='HTML part of the message']").locator("html");
  await expect.poll(async () => {
    const { content, viewport } = await inside.evaluate((html) => ({ content: html.scrollHeight, viewport: window.innerHeight }));
    const outer = await frame.evaluate((element) => element.getBoundingClientRect().height);
    return content > 300 && content <= viewport && outer >= content;
  }).toBe(true);
  // Sandboxed in an origin of its own: the page cannot reach into the message, nor the message into the page.
  expect(await frame.evaluate((element) => (element as HTMLIFrameElement).contentDocument)).toBeNull();

  // The button opens the manage page in a new tab, where it works (a frame could not show it).
  const [manage] = await Promise.all([
    page.waitForEvent("popup"),
    page.frameLocator("iframe[title='HTML part of the message']").getByRole("link", { name: "View, change or cancel your booking" }).click(),
  ]);
  await expect(manage).toHaveURL(/\/manage\//);
  await expect(manage.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
  await expect(manage.getByText(reference)).toBeVisible();

  // The text part's address is a link too, to the same page, opening in a new tab.
  const textLink = page.getByRole("region", { name: "Text part" }).getByRole("link", { name: /\/manage\// });
  await expect(textLink).toHaveAttribute("target", "_blank");
  await expect(textLink).toHaveAttribute("rel", "noopener");
  expect(new URL((await textLink.getAttribute("href"))!).pathname).toBe(new URL(manage.url()).pathname);
});
