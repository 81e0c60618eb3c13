import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createStaffSession } from "@/lib/staff/staff-sessions";
import { seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { passkeyInstanceUrl } from "../support/instances";
import { newStaff } from "../support/panel";

/**
 * Passkeys (issue 41) in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn
 * domain: a platform authenticator that keeps discoverable credentials and verifies its user).
 * The app is reached at http://localhost (a third instance of the build, whose PUBLIC_BASE_URL
 * says so): a passkey's relying party is a domain, and browsers refuse an IP address.
 */
async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    add: async (credential: Awaited<ReturnType<typeof cdp.send<"WebAuthn.getCredentials">>>["credentials"][number]) => cdp.send("WebAuthn.addCredential", { authenticatorId, credential }),
  };
}

test("a member adds a passkey, signs in with it alone (no e-mail, no code), sees it used, and removes it", async ({ browser }) => {
  const base = passkeyInstanceUrl();
  const { property } = await seedProperty(e2eDb(), { name: "Passkey Hotel" });
  const { email } = await newStaff(property.slug, "viewer");
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const authenticator = await withAuthenticator(context, page);
  const staff = await e2eDb().staffUser.findUniqueOrThrow({ where: { email } });
  const { token } = await createStaffSession(e2eDb(), staff.id);
  await context.addCookies([{ name: "rb_session", value: token, url: base }]);

  // Add one: the browser's dialog (here the virtual authenticator) makes it; the member names it.
  await page.goto("/account/sign-in-security");
  await page.getByLabel("Name of the new passkey").fill("Front desk PC");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText('Passkey "Front desk PC" added: use "Sign in with a passkey" next time.');
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Front desk PC");
  await expect(list).toContainText("Last used never");
  expect(await authenticator.credentials()).toHaveLength(1);
  expect((await authenticator.credentials())[0]!.isResidentCredential).toBe(true);
  expect(await seriousViolations(page), "passkeys listed").toEqual([]);

  // Sign out, then in with the passkey: no e-mail typed, no code asked.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/account/sign-in-security");
  await expect(list).not.toContainText("Last used never");

  // A copy of the key (its private key, with the counter it had when new) is refused: the counter went back.
  const cloneContext = await browser.newContext({ baseURL: base });
  const clonePage = await cloneContext.newPage();
  const clone = await withAuthenticator(cloneContext, clonePage);
  const [original] = await authenticator.credentials();
  expect(original!.signCount).toBeGreaterThan(0);
  await clone.add({ ...original!, signCount: 0 });
  await clonePage.goto("/login");
  await clonePage.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(clonePage.getByRole("alert").filter({ hasText: "That passkey did not sign you in" })).toBeVisible();
  await cloneContext.close();

  // The password alone no longer opens the account: it goes on to the second step, where the passkey is the way in.
  const passwordOnly = await browser.newContext({ baseURL: base });
  const other = await passwordOnly.newPage();
  await other.goto("/login");
  await other.getByLabel("E-mail address").fill(email);
  await other.getByLabel("Password").fill("not even the right one");
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other).toHaveURL(/\/login\/two-step$/);
  await expect(other.getByText("This account signs in with a passkey: use it now.")).toBeVisible();
  await passwordOnly.close();

  // Remove it: the authenticator still holds it, but it no longer signs in.
  await list.getByRole("button", { name: "Remove Front desk PC" }).click();
  await expect(page.getByRole("status").filter({ hasText: "removed" })).toHaveText('Passkey "Front desk PC" removed: it no longer signs you in.');
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That passkey did not sign you in" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
