import { expect, test } from "@playwright/test";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { updatePropertySettings } from "@/lib/properties/update-property-settings";
import { e2eDb } from "../support/db";
import { receivedMail } from "../support/mailbox";
import { newStaff, signInAs } from "../support/panel";
import { chooseRoom, fillGuest, newGuest } from "../support/site";
import { ownStay } from "../support/stays";

/**
 * The demo hotel's own name, changed in the panel, reaches guests: the guest site's next page and
 * the next e-mail. It renames the hotel every other spec sees, so it runs alone, after all of them
 * (its own Playwright project, playwright.config.ts), and puts the name back.
 */
const NEW_NAME = "Harbour Lights Hotel";
const NEW_EMAIL = "stay@harbour-lights.example";

test("an admin renames the hotel in Settings › Property; the guest site and the next guest e-mail carry the new name and contact", async ({ page }) => {
  const before = await findPropertyBySlug(e2eDb(), "harbour-view-hotel");
  const { email } = await newStaff(before.slug, "admin");
  try {
    await signInAs(page, email);
    await page.goto("/settings/property");
    const form = page.getByRole("region", { name: "Shown to guests" });
    await form.getByLabel("Name").fill(NEW_NAME);
    await form.getByLabel("Contact e-mail (optional)").fill(NEW_EMAIL);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("status")).toHaveText(/^Saved name, contact e-mail\./);

    // The guest site reads GET /me on every page: the next one shows the new name and contact.
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: NEW_NAME })).toBeVisible();
    await expect(page.getByTestId("hotel-name")).toHaveText(NEW_NAME);
    await expect(page.getByTestId("hotel-contact")).toContainText(NEW_EMAIL);
    await expect(page).toHaveTitle(NEW_NAME);

    // A booking made now: its confirmation page gives the hotel's times, its e-mail the new name and contact.
    const stay = await ownStay(2);
    const guest = newGuest("Iris");
    await chooseRoom(page, stay, 1, "Double Room");
    await fillGuest(page, guest);
    await page.getByRole("button", { name: "Book" }).click();
    await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
    await expect(page).toHaveTitle(`Booking confirmed · ${NEW_NAME}`);
    await expect(page.getByTestId("stay-times")).toHaveText(`Check-in from ${before.checkInFrom} · check-out until ${before.checkOutUntil}`);
    const reference = (await page.getByTestId("booking-reference").textContent())!.trim();

    await expect.poll(async () => (await receivedMail(guest.email)).length, { timeout: 20_000 }).toBe(1);
    const [confirmation] = await receivedMail(guest.email);
    expect(confirmation!.subject).toBe(`Your booking at ${NEW_NAME} is confirmed – ${reference}`);
    expect(confirmation!.from?.value[0]?.name).toBe(NEW_NAME);
    expect(confirmation!.replyTo?.value[0]?.address).toBe(NEW_EMAIL);
    expect(confirmation!.text).toContain(`Write to ${NEW_EMAIL}`);
    expect(confirmation!.text).toMatch(new RegExp(`^Check-in: .*, from ${before.checkInFrom}$`, "m"));
    expect(confirmation!.text).not.toContain(before.name);
  } finally {
    await updatePropertySettings(e2eDb(), { propertyId: before.id, name: before.name, contactEmail: before.contactEmail, actor: ADMIN_CLI_ACTOR });
  }
});
