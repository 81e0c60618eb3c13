import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { mailWithLink } from "../support/mailbox";
import { newStaff, signInAs } from "../support/panel";

/**
 * Settings › Team, as a hotel uses it: an admin invites a colleague, who accepts from the
 * e-mail (sent by the e2e server's real SMTP server: .data/e2e/mail), is a viewer who can change
 * nothing, becomes an admin, and is removed, which signs them out at once.
 */
const memberRow = (page: Page, email: string) => page.getByTestId(`member-${email}`);

test("an admin invites a colleague as viewer, who joins from the e-mail; the admin changes their role and removes them", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { property } = await seedProperty(e2eDb(), { name: "Team Test Hotel" });
  const admin = await newStaff(property.slug, "admin");
  const colleague = `colleague-${randomBytes(4).toString("hex")}@example.com`;

  await signInAs(page, admin.email);
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(memberRow(page, admin.email)).toContainText("admin");

  // A malformed address is refused beside its field.
  await page.getByLabel("E-mail address").fill("not an address");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.locator("#invite-email-error")).toContainText("is not an e-mail address");
  await expect(page.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("E-mail address").fill(colleague);
  await page.getByLabel("Name (optional)").fill("Vera Lopes");
  await page.getByRole("radio", { name: /^Viewer/ }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText(`Invitation sent to ${colleague}. Its link works for 72 hours.`);
  await expect(page.getByTestId(`invitation-${colleague}`)).toContainText("(Vera Lopes) as viewer");
  expect(await seriousViolations(page), "team page, admin").toEqual([]);

  // The e-mail, through the real SMTP server, with the link.
  const { mail, link } = await mailWithLink(colleague, "/join");
  expect(mail.subject).toBe(`${admin.email} invited you to join Team Test Hotel`);
  // The page tells the e-mail went (the worker records it a moment after the server took it).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId(`invitation-${colleague}`)).toContainText("e-mail sent", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // The colleague, in a browser of their own: name offered, a password, signed in as a viewer.
  const theirs = await browser.newContext();
  try {
    const them = await theirs.newPage();
    await them.goto(link);
    await expect(them.getByRole("heading", { level: 1, name: "Join Team Test Hotel" })).toBeVisible();
    await expect(them.getByLabel("Your name")).toHaveValue("Vera Lopes");
    expect(await seriousViolations(them), "accept page").toEqual([]);
    await them.getByLabel("Choose a password (at least 10 characters)").fill("short");
    await them.getByLabel("The password again").fill("short");
    await them.getByRole("button", { name: "Accept and sign in" }).click();
    await expect(them.locator("#password-error")).toHaveText("The password must be at least 10 characters.");
    await them.getByLabel("Choose a password (at least 10 characters)").fill("vera's own password");
    await them.getByLabel("The password again").fill("vera's own password");
    await them.getByRole("button", { name: "Accept and sign in" }).click();
    await expect(them).toHaveURL(/\/overview$/);
    await expect(them.getByRole("banner")).toContainText("Team Test Hotel (viewer)");
    await expect(them.getByRole("banner")).toContainText("Vera Lopes");

    // A viewer sees the team and no form at all.
    await them.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Settings" }).click();
    await them.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Team" }).click();
    await expect(memberRow(them, colleague)).toContainText("viewer");
    await expect(them.getByText("You have view access")).toBeVisible();
    await expect(them.locator("main form")).toHaveCount(0);
    // The link worked once.
    await them.goto(link);
    await expect(them.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("This invitation link is no longer valid: ask the person who invited you for a new one.");
    await them.goto("/settings/team");
    const viewerSession = (await theirs.cookies()).find((c) => c.name === "rb_session")!;

    // The admin's form, sent with the viewer's session: refused on the server, nothing changes.
    await page.reload();
    const adminSession = (await page.context().cookies()).find((c) => c.name === "rb_session")!;
    await page.context().addCookies([viewerSession]);
    await page.getByLabel("E-mail address").fill("forged@example.com");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("You have view access to this property: only its admins can change anything here.");
    expect(await e2eDb().staffInvitation.count({ where: { email: "forged@example.com" } })).toBe(0);
    await page.context().addCookies([adminSession]);

    // The admin makes them an admin ...
    await page.goto("/settings/team");
    await memberRow(page, colleague).getByLabel("Role of Vera Lopes").selectOption("admin");
    await memberRow(page, colleague).getByRole("button", { name: "Change role of Vera Lopes" }).click();
    await expect(memberRow(page, colleague).getByRole("status")).toHaveText("Vera Lopes is now an admin.");
    await them.reload();
    await expect(them.getByRole("button", { name: "Send invitation" })).toBeVisible();

    // ... and removes them: their next request is signed out.
    page.once("dialog", (dialog) => void dialog.accept());
    await memberRow(page, colleague).getByRole("button", { name: "Remove Vera Lopes" }).click();
    await expect(page.getByRole("region", { name: "Members" }).getByRole("status")).toHaveText("Vera Lopes was removed from the team and signed out.");
    await expect(memberRow(page, colleague)).toHaveCount(0);
    await them.reload();
    await expect(them).toHaveURL(/\/login\?next=%2Fsettings%2Fteam$/);
  } finally {
    await theirs.close();
  }

  const history = page.getByTestId("history");
  await expect(history).toContainText(`${admin.email} invited Vera Lopes (${colleague}) as viewer`);
  await expect(history).toContainText(`${colleague} accepted the invitation and joined as viewer`);
  await expect(history).toContainText(`${admin.email} changed Vera Lopes (${colleague}) from viewer to admin`);
  await expect(history).toContainText(`${admin.email} removed Vera Lopes (${colleague}) (admin) from the team`);
});

test("the last admin cannot be demoted or removed, and another admin's pending invitation can be revoked", async ({ page }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Last Admin Hotel" });
  const admin = await newStaff(property.slug, "admin");
  await signInAs(page, admin.email);
  await page.goto("/settings/team");
  const mine = memberRow(page, admin.email);
  await mine.getByLabel(/^Role of /).selectOption("viewer");
  await mine.getByRole("button", { name: /^Change role of / }).click();
  await expect(mine.getByRole("alert")).toContainText("is the property's last admin: make someone else an admin before you make them a viewer.");
  page.once("dialog", (dialog) => void dialog.accept());
  await mine.getByRole("button", { name: /^Leave/ }).click();
  await expect(mine.getByRole("alert")).toContainText("is the property's last admin");

  const invitee = `revoked-${randomBytes(4).toString("hex")}@example.com`;
  await page.getByLabel("E-mail address").fill(invitee);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const card = page.getByTestId(`invitation-${invitee}`);
  await expect(card).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: `Revoke the invitation of ${invitee}` }).click();
  await expect(page.getByRole("region", { name: "Pending invitations" }).getByRole("status")).toHaveText(`The invitation of ${invitee} is revoked: its link no longer works.`);
  await expect(page.getByTestId(`invitation-${invitee}`)).toHaveCount(0);
  await expect(page.getByTestId("history")).toContainText(`revoked the invitation of ${invitee}`);
});
