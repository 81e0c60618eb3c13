import { expect, test } from "@playwright/test";

test("the home page shows the demo hotel", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Harbour View Hotel" })).toBeVisible();
});

test("/api/health reports the database up", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: "ok", rateLimit: "ok" });
});
