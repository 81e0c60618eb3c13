import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { newStaff, signInAs } from "../support/panel";

/** The panel's navigation: five groups, each group's pages in a second row; by keyboard, on a phone, with axe. */

/** Tab until the focused element is the link named so in the landmark named so; then Enter. */
async function tabTo(page: Page, landmark: string, link: string) {
  const target = page.getByRole("navigation", { name: landmark }).getByRole("link", { name: link, exact: true });
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) {
      await page.keyboard.press("Enter");
      return;
    }
  }
  throw new Error(`never reached ${link} in ${landmark} with Tab`);
}

test("the groups and their pages, reached with the keyboard alone, the current ones marked for screen readers", async ({ page }) => {
  const { email } = await newStaff("harbour-view-hotel", "admin");
  await signInAs(page, email);
  const panel = page.getByRole("navigation", { name: "Panel" });
  await expect(panel.getByRole("link")).toHaveText(["Overview", "Bookings", "Inventory", "Settings", "Account"]);
  await expect(panel.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");

  await tabTo(page, "Panel", "Settings");
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  const settings = page.getByRole("navigation", { name: "Settings" });
  await expect(settings.getByRole("link")).toHaveText(["API keys", "Requests", "Webhooks", "Booking engine", "Team", "Property", "Privacy", "Test mailbox"]);
  await expect(panel.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "true");
  await expect(settings.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");

  await tabTo(page, "Settings", "Requests");
  await expect(page).toHaveURL(/\/settings\/api-keys\/requests$/);
  await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Requests" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" })).not.toHaveAttribute("aria-current");

  // A booking's page and the desk belong to Bookings; the desk is its own page there.
  await page.goto("/bookings/new");
  await expect(page.getByRole("navigation", { name: "Bookings" }).getByRole("link", { name: "New booking (desk)" })).toHaveAttribute("aria-current", "page");
  await page.goto("/rates");
  await expect(page.getByRole("navigation", { name: "Inventory" }).getByRole("link")).toHaveText(["Rooms", "Rates", "Rate plans"]);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("on a 390 px wide phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the navigation fits: nothing scrolls sideways, every group is on screen", async ({ page }) => {
    const { email } = await newStaff("harbour-view-hotel", "viewer");
    await signInAs(page, email);
    for (const path of ["/overview", "/settings/api-keys/requests", "/rate-plans", "/bookings"]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
      for (const link of await page.getByRole("navigation", { name: "Panel" }).getByRole("link").all()) await expect(link).toBeInViewport();
    }
  });
});
