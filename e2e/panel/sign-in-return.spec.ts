import { expect, test, type Page } from "@playwright/test";
import { newStaff } from "../support/panel";

/**
 * Signed out, a panel page asked for (a bookmark, a link from a colleague) leads to sign-in and
 * back to that page, never to another site whatever `next` says.
 */
async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a panel page asked for while signed out is where sign-in returns", async ({ page }) => {
      const { email, password } = await newStaff("harbour-view-hotel", "admin");
      await page.goto("/settings/api-keys?from=bookmark");
      await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fapi-keys%3Ffrom%3Dbookmark$/);
      await fillSignIn(page, email, password);
      await expect(page).toHaveURL(/\/settings\/api-keys\?from=bookmark$/);
      await expect(page.getByRole("heading", { level: 1, name: "API Keys" })).toBeVisible();
    });
  });
}

test("a next that is not a panel page of this site lands on the overview", async ({ page }) => {
  const { email, password } = await newStaff("harbour-view-hotel", "viewer");
  await page.goto("/login?next=%2F%2Fevil.example%2Foverview");
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/^http:\/\/(127\.0\.0\.1|localhost):\d+\/overview$/);
});
