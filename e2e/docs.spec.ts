import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { dateInTimeZone } from "@/lib/dates/calendar-date";
import { operationExamples } from "@/lib/openapi/examples";
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

test("/docs shows its title and getting-started text before the reference's script, which then mounts over it with no document error", async ({ page }) => {
  test.slow();
  // Without the script (still loading, or blocked): the page is already readable.
  await page.route("**/docs/reference.js", (route) => route.abort());
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "Room Booking Partner API" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "4. Book it, safely" })).toBeVisible();
  await expect(page.locator("main.docs-intro code").filter({ hasText: "Idempotency-Key" }).first()).toBeVisible();

  // With it: the reference takes the page over, and validates the document clean.
  await page.unroute("**/docs/reference.js");
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await page.goto("/docs");
  await expect(page.getByText("Bookings", { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("main.docs-intro")).toHaveCount(0);
  expect(warnings.filter((warning) => /validation/i.test(warning))).toEqual([]);
});

test("/docs/errors lists every error code with what to do, code written as code", async ({ page }) => {
  await page.goto("/docs/errors");
  await expect(page.getByRole("heading", { level: 1, name: "Errors" })).toBeVisible();
  for (const code of ["missing_api_key", "plan_upgrade_required", "no_availability", "idempotency_key_reused", "rate_limited"]) {
    await expect(page.locator(`#${code}`)).toBeVisible();
  }
  // The catalogue's Markdown is rendered: no backtick is left in the text, and `detail` is a code element.
  expect(await page.locator("tbody").innerText()).not.toContain("`");
  await expect(page.locator("#no_availability td code").filter({ hasText: /^detail$/ })).toBeVisible();
});

test("/docs/test-mode writes code as code too", async ({ page }) => {
  await page.goto("/docs/test-mode");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.locator("tbody").innerText()).not.toContain("`");
});

test("/docs says how to keep a copy of our ARI, and its runnable example downloads as the repository holds it", async ({ page, request }) => {
  await page.route("**/docs/reference.js", (route) => route.abort());
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "8. Keep a copy of our ARI" })).toBeVisible();
  const link = page.getByRole("link", { name: "keep-ari-copy.mjs" });
  await expect(link).toHaveAttribute("href", "/docs/examples/keep-ari-copy.mjs");
  const example = await request.get("/docs/examples/keep-ari-copy.mjs");
  expect(example.status()).toBe(200);
  expect(example.headers()["content-type"]).toContain("text/javascript");
  expect(await example.text()).toBe(readFileSync(join(process.cwd(), "docs", "examples", "keep-ari-copy.mjs"), "utf8"));
});
