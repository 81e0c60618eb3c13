import { expect, test } from "@playwright/test";
import { newStaff, signInAs } from "./support/panel";

/** The platform's own pages carry the platform's name, never the demo hotel's (a guest site's pages carry their hotel's). */
test("the docs, the sign-in page and another hotel's panel are titled Room Booking, not the demo hotel", async ({ page }) => {
  await page.goto("/docs/errors");
  await expect(page).toHaveTitle("Partner API errors · Room Booking");
  await page.goto("/login");
  await expect(page).toHaveTitle("Staff sign-in · Room Booking");
  const { email } = await newStaff("alpine-lodge", "viewer");
  await signInAs(page, email);
  await page.goto("/overview");
  await expect(page).toHaveTitle(/· Room Booking$/);
  expect(await page.title()).not.toContain("Harbour View");
});

test("an unknown hotel's address is a neutral 404: the platform's name, none of the demo hotel's links", async ({ page }) => {
  const response = await page.goto("/hotels/no-such-hotel");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Room Booking");
  await expect(page.getByRole("link")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("Harbour View");
});
