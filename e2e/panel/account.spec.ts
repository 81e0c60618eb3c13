import { expect, test } from "@playwright/test";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { seedStaff } from "@/prisma/factories";
import { e2eDb } from "../support/db";
import { newStaff, signIn } from "../support/panel";

test("a staff member changes their own password, and signs in with the new one", async ({ page }) => {
  const { email, password } = await newStaff("harbour-view-hotel", "viewer");
  await signIn(page, email, password);
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByLabel("Current password").fill(password);
  await page.getByLabel("New password (at least 10 characters)").fill("a fresh password 42");
  await page.getByLabel("New password again").fill("a fresh password 42");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText("Password changed. Other sessions were signed out.");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, "a fresh password 42");
});

test("a staff member sets the name colleagues see, shown in the panel's header", async ({ page }) => {
  const { email, password } = await newStaff("harbour-view-hotel", "viewer");
  await signIn(page, email, password);
  await expect(page.getByRole("banner")).toContainText(email); // no name yet: the e-mail
  await page.goto("/account");
  await page.getByLabel("Name shown to colleagues").fill("  Ana Costa ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveText("Saved: colleagues see you as Ana Costa.");
  await page.reload();
  await expect(page.getByRole("banner")).toContainText("Ana Costa");
  await expect(page.getByLabel("Name shown to colleagues")).toHaveValue("Ana Costa");
});

test("a staff member of two properties sees which is open and switches between them", async ({ page }) => {
  const { email, password } = await newStaff("harbour-view-hotel", "admin");
  const alpine = await findPropertyBySlug(e2eDb(), "alpine-lodge");
  await seedStaff(e2eDb(), alpine.id, { email, role: "viewer" });
  await signIn(page, email, password);
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("banner")).toContainText("Harbour View Hotel (admin)");
  await page.getByLabel("Property").selectOption({ label: "Alpine Lodge" });
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page.getByRole("banner")).toContainText("Alpine Lodge (viewer)");
  await expect(page.getByTestId("plan")).toHaveText("Free: read only, 120 requests per minute");
});
