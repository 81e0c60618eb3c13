import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";
import { partnerApi } from "../support/partner-api";
import { ownStay } from "../support/stays";

/** The rows the request log shows now; entries are written within a second, so the page is reloaded until they are. */
async function rowsOnceLogged(page: Page, url: string, count: number) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByTestId("request-row")).toHaveCount(count, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  return page.getByTestId("request-row");
}

test("staff find a partner's requests in Settings › API Keys › Requests, by key, status, code and request id, and from a booking's page", async ({ page, request }) => {
  const db = e2eDb();
  const property = await db.property.findUniqueOrThrow({ where: { slug: "harbour-view-hotel" } });
  const label = `Log partner ${randomUUID().slice(0, 8)}`;
  const key = await createApiKey(db, { propertyId: property.id, scope: "write", label, actor: TEST_ACTOR });
  const api = partnerApi(request, key.key);

  const today = (await (await api.get("/me")).json()).property.today as string;
  const roomType = ((await (await api.get("/room-types")).json()).data as { id: string }[])[0]!;
  const idempotencyKey = randomUUID();
  const refused = await api.post("/bookings", { roomTypeId: roomType.id, checkin: today, checkout: today, adults: 1 }, { "Idempotency-Key": idempotencyKey });
  expect(refused.status()).toBe(400);
  const refusedId = refused.headers()["x-request-id"]!;
  const made = await api.post("/bookings", { roomTypeId: roomType.id, ...(await ownStay(1)), adults: 1, guest: { firstName: "Lou", lastName: "Logged", email: "lou.logged@example.com" } });
  expect(made.status()).toBe(201);
  const bookingId = (await made.json()).id as string;

  const { email } = await newStaff("harbour-view-hotel", "viewer");
  await signInAs(page, email);
  await page.goto("/settings/api-keys");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Requests" }).click();
  await expect(page.getByRole("heading", { name: "API requests" })).toBeVisible();

  // By key: this partner's four requests, newest first.
  await page.getByLabel("Key").selectOption({ label: `${label} (${key.hint})` });
  await page.getByRole("button", { name: "Filter" }).click();
  const rows = await rowsOnceLogged(page, page.url(), 4);
  await expect(rows.nth(0)).toContainText("POST /bookings");
  await expect(rows.nth(0)).toContainText("201");
  await expect(rows.nth(0)).toContainText(bookingId);
  await expect(rows.nth(1)).toContainText("validation_failed");
  await expect(rows.nth(1)).toContainText(idempotencyKey);
  await expect(rows.nth(3)).toContainText("GET /me");
  await expect(rows.nth(3)).toContainText(label);

  // By status class and code, then by request id.
  await page.getByLabel("Status").selectOption("4xx");
  await page.getByLabel("Problem code").selectOption("validation_failed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("request-row")).toHaveCount(1);
  await expect(page.getByTestId("request-row")).toContainText(refusedId);
  await page.goto("/settings/api-keys/requests");
  await page.getByLabel("Request id").fill(refusedId);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("request-row")).toHaveCount(1);
  await expect(page.getByTestId("request-row")).toContainText("POST /bookings");

  // From the booking's page: the request that made it; its id links back to the booking.
  await page.goto(`/bookings/${bookingId}`);
  await page.getByRole("link", { name: "The API requests that named this booking" }).click();
  await expect(page.getByTestId("request-row")).toHaveCount(1);
  await page.getByTestId("request-row").getByRole("link", { name: bookingId }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${bookingId}$`));

  // Never the key's value.
  await page.goto("/settings/api-keys/requests");
  expect(await page.content()).not.toContain(key.key);
});
