import { expect, test } from "@playwright/test";
import { recordResponses, staticFiles } from "../support/browser-sees";
import { demoCredentials } from "../support/demo";
import { chooseRoom, fillGuest, newGuest } from "../support/site";
import { ownStay } from "../support/stays";

test("the site's key never reaches the browser: not in any response, cookie or static file", async ({ page, context }) => {
  const key = demoCredentials().siteApiKey;
  expect(key).toMatch(/^rbp_/);
  const seen = await recordResponses(page);

  const stay = await ownStay(2);
  await chooseRoom(page, stay, 2, "Double Room");
  await fillGuest(page, { firstName: "Hal", lastName: " ", email: "bad" }); // a server action reply with errors
  await page.getByRole("button", { name: "Book" }).click();
  await expect(page.locator("#email-error")).toBeVisible();
  await fillGuest(page, newGuest("Hal"));
  await page.getByRole("button", { name: "Book" }).click();
  await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
  const reference = (await page.getByTestId("booking-reference").textContent())!.trim();
  await page.getByRole("link", { name: "Manage your booking" }).click();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("main").getByRole("status")).toBeVisible();
  await page.goto("/find");
  await page.getByLabel("Booking reference").fill(reference);
  await page.getByLabel("E-mail address").fill("wrong@example.com");
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await page.waitForLoadState("networkidle");

  const kinds = new Set(seen.map((s) => (s.url.includes("/_next/static/") ? "static" : s.url.includes("?_rsc=") ? "rsc" : "page")));
  expect(seen.length).toBeGreaterThan(10);
  expect([...kinds].sort()).toEqual(["page", "rsc", "static"]); // HTML, scripts and RSC payloads were all read
  expect(seen.some((s) => s.body.includes(reference))).toBe(true); // the search below can find what is there
  for (const response of seen) {
    expect(response.body.includes(key), `body of ${response.url}`).toBe(false);
    expect(response.headers.includes(key), `headers of ${response.url}`).toBe(false);
  }
  for (const cookie of await context.cookies()) expect(cookie.value.includes(key), `cookie ${cookie.name}`).toBe(false);

  const files = staticFiles();
  expect(files.length).toBeGreaterThan(5);
  for (const { file, text } of files) expect(text.includes(key), file).toBe(false);
});
