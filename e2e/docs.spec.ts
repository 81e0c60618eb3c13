import { expect, test } from "@playwright/test";
import { dateInTimeZone } from "@/lib/dates/calendar-date";
import { operationExamples } from "@/lib/schemas/openapi-examples";
import { collectPageErrors } from "./support/page-errors";

test("/docs renders the API reference from our own bundle, with no request leaving this server", async ({ page }) => {
  // Several megabytes of the reference's script to parse and render: on two busy cores (CI, two workers) it has taken over 30 s.
  test.slow();
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http")) outside.push(request.url());
  });
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Room Booking Partner API" }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Book it, safely").first()).toBeVisible();
  await page.getByText("Bookings", { exact: true }).first().click();
  await expect(page.getByText("Book a room").first()).toBeVisible();
  // The reference shows the document's own example of a booking, not one made up from the schema.
  await page.getByText("Book a room").first().click();
  const snippet = page.locator("pre, code").filter({ hasText: "--request POST" }).filter({ hasText: "/bookings" }).first();
  await expect(snippet).toBeVisible();
  const body = JSON.parse(/--data '([^']*)'/.exec((await snippet.textContent())!)![1]!);
  expect(body).toEqual(operationExamples(dateInTimeZone(new Date(), "UTC")).createBooking.request.body);
  expect(body.checkout > body.checkin).toBe(true);
  await page.screenshot({ path: "test-results/docs.png" });
  expect(outside).toEqual([]);
});

test("/docs loads with no error, and its API key field says where a key comes from", async ({ page }) => {
  test.slow();
  const errors = collectPageErrors(page);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Room Booking Partner API" }).first()).toBeVisible({ timeout: 15_000 });
  // The reference's own default looks like a key already filled in (base64 of a joke).
  const keyField = page.getByRole("textbox", { name: "Value" }).first();
  await expect(keyField).toBeVisible();
  await expect(keyField).toHaveValue("");
  await expect(keyField).toHaveAttribute("placeholder", "rbp_… from Settings › API Keys");
  await page.waitForLoadState("networkidle");
  expect(errors.take()).toEqual([]);
});

test("/docs/errors lists every error code with what to do", async ({ page }) => {
  await page.goto("/docs/errors");
  await expect(page.getByRole("heading", { level: 1, name: "Errors" })).toBeVisible();
  for (const code of ["missing_api_key", "plan_upgrade_required", "no_availability", "idempotency_key_reused", "rate_limited"]) {
    await expect(page.locator(`#${code}`)).toBeVisible();
  }
});
