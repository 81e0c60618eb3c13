import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { devMailboxDir, listDevMailbox } from "@/lib/mail/dev-mailbox";
import { seedProperty } from "@/prisma/factories";
import { e2eDb } from "../support/db";
import { newStaff, signIn } from "../support/panel";

/**
 * In development (no SMTP_URL) staff e-mails land in the dev mailbox like guest e-mails, and
 * their links work from there: an invitation accepted, a password reset.
 */
async function openFromMailbox(page: Page, to: string, button: string): Promise<Page> {
  const inMailbox = async () => (await listDevMailbox(devMailboxDir(), 200)).find((mail) => mail.to === to)?.id;
  await expect.poll(inMailbox, { timeout: 60_000 }).toBeTruthy();
  await page.goto(`/dev/mailbox/${await inMailbox()}`);
  const [opened] = await Promise.all([
    page.waitForEvent("popup"),
    page.frameLocator("iframe[title='HTML part of the message']").getByRole("link", { name: button }).click(),
  ]);
  return opened;
}

test("an invitation from the dev mailbox: the colleague joins and is signed in", async ({ page, browser }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Dev Team Hotel" });
  const admin = await newStaff(property.slug, "admin");
  const colleague = `dev-colleague-${randomBytes(4).toString("hex")}@example.com`;
  await signIn(page, admin.email, admin.password);
  await page.goto("/settings/team");
  await page.getByLabel("E-mail address").fill(colleague);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByTestId(`invitation-${colleague}`)).toBeVisible();

  const theirs = await browser.newContext();
  try {
    const join = await openFromMailbox(await theirs.newPage(), colleague, "Accept the invitation");
    await expect(join.getByRole("heading", { level: 1, name: "Join Dev Team Hotel" })).toBeVisible();
    await join.getByLabel("Your name").fill("Dev Colleague");
    await join.getByLabel("Choose a password (at least 10 characters)").fill("dev colleague pw");
    await join.getByLabel("The password again").fill("dev colleague pw");
    await join.getByRole("button", { name: "Accept and sign in" }).click();
    await expect(join).toHaveURL(/\/overview$/);
    await expect(join.getByRole("banner")).toContainText("Dev Team Hotel (viewer)");
  } finally {
    await theirs.close();
  }
});

test("a password reset from the dev mailbox", async ({ page }) => {
  const { email } = await newStaff("harbour-view-hotel", "viewer");
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that address");
  const reset = await openFromMailbox(page, email, "Choose a new password");
  await reset.getByLabel("New password (at least 10 characters)").fill("dev new password");
  await reset.getByLabel("New password again").fill("dev new password");
  await reset.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(reset).toHaveURL(/\/overview$/);
});
