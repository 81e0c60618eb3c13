import { expect, test } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { mailWithLink, receivedMail } from "../support/mailbox";
import { newStaff, signIn } from "../support/panel";

/**
 * A forgotten password, as staff recover it: from the sign-in page, a link by e-mail (sent by
 * the e2e server's real SMTP server: .data/e2e/mail), a new password, signed in; the old
 * password and the used link no longer work.
 */
const SENT = "If an account exists for that address, we have sent a link to it to choose a new password. It works for one hour.";

test("a password reset from the e-mail, then sign-in with the new password", async ({ page }) => {
  test.setTimeout(90_000);
  const { email, password } = await newStaff("harbour-view-hotel", "viewer");

  // An address without an account gets the same answer (and no e-mail).
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(`nobody-${email}`);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toHaveText(SENT);

  await page.goto("/forgot-password");
  await page.getByLabel("E-mail address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toHaveText(SENT);
  expect(await seriousViolations(page), "forgot-password page").toEqual([]);

  const { mail, link } = await mailWithLink(email, "/reset-password");
  expect(mail.subject).toBe("Reset your control panel password");
  expect(await receivedMail(`nobody-${email}`)).toEqual([]);

  await page.goto(link);
  await expect(page.getByText(`For ${email}.`)).toBeVisible();
  expect(await seriousViolations(page), "reset page").toEqual([]);
  await page.getByLabel("New password (at least 10 characters)").fill("my new password 7");
  await page.getByLabel("New password again").fill("not the same one");
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page.locator("#confirmPassword-error")).toHaveText("The two passwords do not match.");
  await page.getByLabel("New password (at least 10 characters)").fill("my new password 7");
  await page.getByLabel("New password again").fill("my new password 7");
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);

  // Used once.
  await page.goto(link);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("This password reset link is no longer valid: ask for a new one.");

  // The old password no longer opens the account; the new one does.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("That e-mail address and password do not match an account.");
  await signIn(page, email, "my new password 7");
});
