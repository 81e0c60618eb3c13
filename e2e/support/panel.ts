import { expect, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { seedStaff } from "@/prisma/factories";
import { e2eDb } from "./db";

/** Signs in on /login and waits for the panel's home, the overview. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

/** A new staff member of a seeded property, with a known password. */
export async function newStaff(slug: string, role: "admin" | "viewer") {
  const property = await findPropertyBySlug(e2eDb(), slug);
  const email = `${role}-${randomBytes(4).toString("hex")}@${slug}.example`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await seedStaff(e2eDb(), property.id, { email, role, password });
  return { email, password, property };
}
