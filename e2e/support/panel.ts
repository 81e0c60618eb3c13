import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { createStaffSession } from "@/lib/staff/staff-sessions";
import { seedStaff } from "@/prisma/factories";
import { e2eDb } from "./db";

/** The panel's session cookie (app/(panel)/_lib/panel-session.ts). */
const SESSION_COOKIE_NAME = "rb_session";

/** Signs in on /login and waits for the panel's home, the overview. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/overview$/);
}

/**
 * Signs a staff member in for a test about something other than signing in: a session as
 * sign-in makes it (openSession), then the overview. Only the specs about the sign-in page use
 * signIn: the page is slower, and its failures count against the limit the run's one address shares.
 */
export async function signInAs(page: Page, email: string) {
  await openSession(page.context(), email);
  await page.goto("/overview");
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

/**
 * Signs a staff member in without the sign-in page (a session made as sign-in makes it), for
 * tests about something else: failed sign-ins through the page count against the limit of 30 a
 * quarter of an hour from one address (lib/staff/sign-in-throttle.ts), which the whole run shares.
 */
export async function openSession(context: BrowserContext, email: string) {
  const staff = await e2eDb().staffUser.findUniqueOrThrow({ where: { email } });
  const { token } = await createStaffSession(e2eDb(), staff.id);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value: token, url: test.info().project.use.baseURL! }]);
}
