import { expect, test } from "@playwright/test";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { e2eDb } from "../support/db";
import { demoCredentials } from "../support/demo";

/**
 * The demo site's own key rotated as a partner would (`admin key rotate`): its pages answer a
 * friendly "bookings are unavailable right now" page (503), in the guest's language, never a
 * server error; the banner's partner key is another key and keeps working. It breaks the site for
 * every other spec, so it runs last of all (its own Playwright project, playwright.config.ts).
 */
test("after the site's key is rotated, the guest pages say bookings are unavailable (503) while the partner key works on", async ({ page, request }) => {
  const { siteApiKey, partnerApiKey } = demoCredentials();
  const site = await findActiveApiKey(e2eDb(), siteApiKey);
  expect(site, "the site's key works before").not.toBeNull();
  await rotateApiKey(e2eDb(), { keyId: site!.id, actor: ADMIN_CLI_ACTOR });

  for (const path of ["/", "/search?checkin=2027-03-01&checkout=2027-03-03&adults=2", "/find"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(503);
    expect(response?.headers()["retry-after"]).toBe("60");
    await expect(page.getByRole("heading", { level: 1, name: "Bookings are unavailable right now" })).toBeVisible();
  }
  await page.goto("/?lang=de");
  await expect(page.getByRole("heading", { level: 1, name: "Buchungen sind gerade nicht möglich" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  // The partner key of the banner is not the site's: it still works.
  expect((await request.get("/partner/v1/me", { headers: { "X-Api-Key": partnerApiKey } })).status()).toBe(200);
});
