import { expect, test, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, openSession } from "../support/panel";

/**
 * Two-step codes (issue 41): a member turns them on from the shown secret (the test is the
 * authenticator app), signs in with the password and a code, then with a recovery code, which
 * then fails a second time; an admin requires two-step sign-in and a member without it is sent
 * to set it up; an admin resets a member's codes.
 */

/** The code an app shows for the secret as the page prints it, for the 30-second step `offset` steps from now. */
function appCode(secret: string, offset = 0): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")), period: 30, digits: 6 }).generate({ timestamp: Date.now() + offset * 30_000 });
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login\/two-step$/);
}

/** Turns codes on for the signed-in member on Account › Sign-in security; returns the secret (the test is their app). */
async function turnOnCodes(page: Page, offset = 0): Promise<string> {
  await page.goto("/account/sign-in-security");
  await page.getByRole("button", { name: "Set up two-step codes" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  await page.getByLabel("Code from your app").fill(appCode(secret, offset));
  await page.getByRole("button", { name: "Turn on two-step codes" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();
  return secret;
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test("a member turns on codes, signs in with a code, then with a recovery code that works once", async ({ page }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Codes Hotel" });
  const { email, password } = await newStaff(property.slug, "viewer");
  await openSession(page.context(), email);
  await page.goto("/account/sign-in-security");
  await page.getByRole("button", { name: "Set up two-step codes" }).click();
  await expect(page.getByRole("img", { name: "QR code of your two-step secret" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  expect(secret.replace(/\s+/g, "")).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page), "setting up codes").toEqual([]);
  await page.getByLabel("Code from your app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-step codes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "not the one your app shows" })).toBeVisible();
  await page.getByLabel("Code from your app").fill(appCode(secret, -1));
  await page.getByRole("button", { name: "Turn on two-step codes" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents())[0]!;
  expect(recovery).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await signOut(page);

  // Password, then a code (a step later than the one used to turn codes on: each works once).
  await passwordStep(page, email, password);
  expect(await seriousViolations(page), "the code page").toEqual([]);
  await page.getByLabel("Code").fill(appCode(secret));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await signOut(page);

  // A wrong code: back to the start, without saying which factor failed.
  await passwordStep(page, email, password);
  await page.getByLabel("Code").fill("999999");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?failed=1$/);
  await expect(page.getByRole("status")).toHaveText("The password or the code was not right. Sign in again.");

  // A recovery code, once.
  await passwordStep(page, email, password);
  await page.getByLabel("Code").fill(recovery);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await signOut(page);
  await passwordStep(page, email, password);
  await page.getByLabel("Code").fill(recovery);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?failed=1$/);
});

test("an admin requires two-step sign-in: a member without it reaches only its setup; an admin resets a member", async ({ page, browser }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Strict Hotel" });
  const admin = await newStaff(property.slug, "admin");
  const member = await newStaff(property.slug, "viewer");
  await openSession(page.context(), admin.email);
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Require two-step sign-in for the team" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Set up your own passkey or two-step codes first" })).toBeVisible();
  await turnOnCodes(page);
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Require two-step sign-in for the team" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-step sign-in is required of the team." })).toContainText("1 member(s) without one");

  // The member, signed in with their password, is sent to set it up from every page.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/login");
  await memberPage.getByLabel("E-mail address").fill(member.email);
  await memberPage.getByLabel("Password").fill(member.password);
  await memberPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(memberPage).toHaveURL(/\/account\/sign-in-security$/);
  await expect(memberPage.getByRole("alert").filter({ hasText: "Your team requires two-step sign-in" })).toBeVisible();
  await memberPage.goto("/bookings");
  await expect(memberPage).toHaveURL(/\/account\/sign-in-security$/);
  await turnOnCodes(memberPage);
  await memberPage.goto("/bookings");
  await expect(memberPage).toHaveURL(/\/bookings$/);

  // The admin sees the member's codes and resets them: the member is signed out.
  await page.reload();
  const row = page.getByTestId(`member-${member.email}`);
  await expect(row).toContainText("codes");
  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: /^Reset two-step/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "was reset" })).toBeVisible();
  await expect(row).toContainText("none");
  await memberPage.goto("/bookings");
  await expect(memberPage).toHaveURL(/\/login/);
  await memberContext.close();
});
