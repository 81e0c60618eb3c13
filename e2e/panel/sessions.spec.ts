import { expect, test } from "@playwright/test";
import { describeUserAgent } from "@/lib/staff/describe-user-agent";
import { seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, openSession, signIn } from "../support/panel";

/**
 * Account › Sessions (issue 41): two browsers signed in as one member; the first lists both
 * (which browser, from where, when), ends the second's session, and the second's next click lands
 * on the sign-in page; then "Sign out everywhere else", and a password change, do the same.
 */
test("a member sees their sessions and ends another browser's; a password change signs the others out too", async ({ page, browser }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Sessions Hotel" });
  const { email, password } = await newStaff(property.slug, "viewer");
  // The first browser signs in on the page (it records the browser and address); the second as a tool would.
  await signIn(page, email, password);
  const other = await browser.newContext();
  const second = await other.newPage();
  await openSession(other, email);
  await second.goto("/overview");
  await expect(second).toHaveURL(/\/overview$/);

  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Account" }).click();
  const sessions = page.getByTestId("sessions");
  await expect(sessions.getByRole("row")).toHaveCount(3);
  const mine = sessions.getByRole("row").filter({ hasText: "This session" });
  // The browser as its own User-Agent names it (Playwright's desktop Chrome says Windows).
  const browserName = describeUserAgent(await page.evaluate(() => navigator.userAgent));
  expect(browserName).toMatch(/^Chrome \d+ on /);
  await expect(mine).toContainText(browserName);
  await expect(mine).toContainText("127.0.0.1");
  await expect(sessions.getByRole("row").filter({ hasText: "Unknown browser" })).toContainText("not known");
  expect(await seriousViolations(page), "account with sessions").toEqual([]);

  await sessions.getByRole("button", { name: /^End the session of Unknown browser/ }).click();
  await expect(page.getByRole("status")).toHaveText("Session ended: that browser is signed out at its next click.");
  await expect(sessions.getByRole("row")).toHaveCount(2);
  await second.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Bookings" }).click();
  await expect(second).toHaveURL(/\/login/);

  // Signed in there again: "Sign out everywhere else" ends it, and keeps this one.
  await openSession(other, email);
  await second.goto("/overview");
  await page.reload();
  await expect(sessions.getByRole("row")).toHaveCount(3);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByRole("status")).toHaveText("Signed out everywhere else: 1 session ended.");
  await second.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Bookings" }).click();
  await expect(second).toHaveURL(/\/login/);

  // And once more: a password change signs the other browser out, this one stays signed in.
  await openSession(other, email);
  await second.goto("/overview");
  await page.getByLabel("Current password").fill(password);
  await page.getByLabel("New password (at least 10 characters)").fill("another fresh password 7");
  await page.getByLabel("New password again").fill("another fresh password 7");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Other sessions were signed out.")).toBeVisible();
  await second.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Bookings" }).click();
  await expect(second).toHaveURL(/\/login/);
  await page.reload();
  await expect(sessions.getByRole("row")).toHaveCount(2);
  await expect(sessions).toContainText("This session");
  await other.close();
});
