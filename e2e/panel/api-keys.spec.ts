import { expect, test } from "@playwright/test";
import { demoCredentials } from "../support/demo";
import { e2eDb } from "../support/db";
import { newStaff, signIn, signInAs } from "../support/panel";

const me = (request: import("@playwright/test").APIRequestContext, key: string) => request.get("/partner/v1/me", { headers: { "X-Api-Key": key } });

test("an admin creates a key, uses it, rotates it and revokes it; its value is shown once only", async ({ page, request }) => {
  const { email, password } = await newStaff("harbour-view-hotel", "admin");
  await signIn(page, email, password);
  await page.goto("/settings/api-keys");
  await expect(page.getByTestId("plan")).toHaveText("Starter: read and create bookings, 1,200 requests per minute");

  await page.getByLabel("Label").fill("E2E booking site");
  await page.getByRole("button", { name: "Create key" }).click();
  const created = (await page.getByTestId("new-key-value").first().textContent())!.trim();
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  expect((await me(request, created)).status()).toBe(200);

  page.once("dialog", (dialog) => dialog.accept());
  const row = page.locator("tr", { hasText: "E2E booking site" }).filter({ hasText: "active" });
  await row.getByRole("button", { name: "Rotate" }).click();
  await expect(page.getByTestId("new-key-value")).toHaveCount(2);
  const rotated = (await page.getByTestId("new-key-value").last().textContent())!.trim();
  expect(rotated).not.toBe(created);
  expect((await me(request, created)).status()).toBe(401);
  expect((await me(request, rotated)).status()).toBe(200);

  page.once("dialog", (dialog) => dialog.accept());
  await page.locator("tr", { hasText: "E2E booking site" }).filter({ hasText: "active" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.locator("tr", { hasText: "E2E booking site" }).filter({ hasText: "active" })).toHaveCount(0);
  expect((await me(request, rotated)).status()).toBe(401);

  await page.reload();
  const html = await page.content();
  expect(html).not.toContain(created);
  expect(html).not.toContain(rotated);
  await expect(page.getByText(`${email} created key “E2E booking site”`)).toBeVisible();
  await expect(page.getByText(`${email} rotated key “E2E booking site”`)).toBeVisible();
  await expect(page.getByText(`${email} revoked key “E2E booking site”`)).toBeVisible();
});

test("a Free-plan property cannot create a write key, and is told why", async ({ page }) => {
  const { email } = await newStaff("alpine-lodge", "admin");
  await signInAs(page, email);
  await page.goto("/settings/api-keys");
  await expect(page.getByTestId("plan")).toHaveText("Free: read only, 120 requests per minute");
  await expect(page.getByLabel("Write")).toBeDisabled();
  await expect(page.getByText("Write keys need the Starter plan or higher")).toBeVisible();
});

test("a wrong password is refused, and a signed-out visitor is sent to /login", async ({ page }) => {
  const { email } = await newStaff("harbour-view-hotel", "admin");
  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fapi-keys$/); // and back there after signing in
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("That e-mail address and password do not match an account.");
  await page.getByLabel("E-mail address").fill("nobody@nowhere.example");
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("That e-mail address and password do not match an account.");
  const response = await page.goto("/bookings");
  expect(page.url()).toMatch(/\/login\?next=%2Fbookings$/);
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("a viewer sees keys but cannot create, rotate or revoke", async ({ page }) => {
  const { email } = await newStaff("harbour-view-hotel", "viewer");
  await signInAs(page, email);
  await page.goto("/settings/api-keys");
  await expect(page.getByText("You have view access")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rotate" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Revoke" })).toHaveCount(0);
});

test("staff of another property get 404 on this property's keys, even by editing ids in the form", async ({ page, request }) => {
  const harbourKey = demoCredentials().partnerApiKey;
  const harbour = await e2eDb().property.findUniqueOrThrow({ where: { slug: "harbour-view-hotel" }, include: { apiKeys: true } });
  const demoKeyId = harbour.apiKeys.find((k) => !k.revokedAt && k.label === "Demo site")?.id ?? harbour.apiKeys.find((k) => !k.revokedAt)!.id;
  const { email } = await newStaff("alpine-lodge", "admin");
  await signInAs(page, email);
  await page.goto("/settings/api-keys");

  // Rotate: point an Alpine row's form at a Harbour key.
  const alpineRow = page.locator("tbody tr").filter({ hasText: "active" }).first();
  await alpineRow.locator('input[name="keyId"]').first().evaluate((input, id) => ((input as HTMLInputElement).value = id), demoKeyId);
  page.once("dialog", (dialog) => dialog.accept());
  const rotate = page.waitForResponse((r) => r.request().method() === "POST");
  await alpineRow.getByRole("button", { name: "Rotate" }).click();
  expect((await rotate).status()).toBe(404);

  // Create: point the create form at Harbour itself.
  await page.goto("/settings/api-keys");
  await page.locator('form:has(#label) input[name="propertyId"]').evaluate((input, id) => ((input as HTMLInputElement).value = id), harbour.id);
  await page.getByLabel("Label").fill("Sneaky");
  const create = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Create key" }).click();
  expect((await create).status()).toBe(404);

  expect(await e2eDb().apiKey.count({ where: { propertyId: harbour.id, label: "Sneaky" } })).toBe(0);
  expect((await me(request, harbourKey)).status()).toBe(200);
});
