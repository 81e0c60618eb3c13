import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { createBooking } from "@/lib/bookings/create-booking";
import { newId } from "@/lib/ids";
import { devMailboxDir, listDevMailbox } from "@/lib/mail/dev-mailbox";
import { newStaffToken } from "@/lib/staff/staff-token";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { createSecretBox } from "@/lib/secrets/secret-box";
import { seedProperty } from "@/prisma/factories";
import { e2eDb } from "./support/db";
import { collectPageErrors } from "./support/page-errors";
import { nonceOf, scriptPolicyProblems, scriptsWithoutNonce } from "./support/page-policy";
import { newStaff, signInAs } from "./support/panel";
import { addDays, partnerApi } from "./support/partner-api";
import { chooseRoom, fillGuest, newGuest } from "./support/site";
import { ownStay } from "./support/stays";

/**
 * No page logs a console error, throws, or loads something that fails. Run against the
 * production build (playwright.config.ts) and the development server (playwright.dev.config.ts),
 * where React reports hydration mismatches that a production build only hints at.
 */
type Ids = { booking: string; endpoint: string; delivery: string; confirmation: string; manage: string; invitation: string; reset: string; message?: string };

/** Every page of the app (app/**\/page.tsx) and the address that shows it; a new page fails the first test until it is listed. */
const PAGES: Record<string, (ids: Ids) => string | null> = {
  "(site)/page.tsx": () => "/",
  "(site)/search/page.tsx": () => null, // visited on the way to a booking (below)
  "(site)/book/page.tsx": () => null, // likewise
  "(site)/confirmation/[token]/page.tsx": (ids) => `/confirmation/${ids.confirmation}`,
  "(site)/manage/[token]/page.tsx": (ids) => `/manage/${ids.manage}`,
  "(site)/manage/[token]/change/page.tsx": (ids) => `/manage/${ids.manage}/change`,
  "(site)/find/page.tsx": () => "/find",
  "(site)/accessibility/page.tsx": () => "/accessibility",
  "hotels/[slug]/(full)/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/(full)/search/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/(full)/book/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/(full)/find/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/(full)/accessibility/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/(full)/confirmation/[token]/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/(full)/manage/[token]/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/(full)/manage/[token]/change/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/embed/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/embed/search/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/embed/book/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/embed/find/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/embed/accessibility/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/embed/confirmation/[token]/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/embed/manage/[token]/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "hotels/[slug]/embed/manage/[token]/change/page.tsx": () => null, // re-exports the demo site's page: e2e/site/booking-engine-site.spec.ts visits it
  "(panel)/login/page.tsx": () => "/login",
  "(panel)/login/two-step/page.tsx": () => "/login/two-step", // without a password step waiting: back to /login (the flow: e2e/panel/two-step-codes.spec.ts)
  "(panel)/join/[token]/page.tsx": (ids) => `/join/${ids.invitation}`,
  "(panel)/forgot-password/page.tsx": () => "/forgot-password",
  "(panel)/reset-password/[token]/page.tsx": (ids) => `/reset-password/${ids.reset}`,
  "(panel)/(signed-in)/overview/page.tsx": () => "/overview",
  "(panel)/(signed-in)/bookings/page.tsx": () => "/bookings",
  "(panel)/(signed-in)/bookings/[id]/page.tsx": (ids) => `/bookings/${ids.booking}`,
  "(panel)/(signed-in)/bookings/new/page.tsx": () => "/bookings/new",
  "(panel)/(signed-in)/rooms/page.tsx": () => "/rooms",
  "(panel)/(signed-in)/rates/page.tsx": () => "/rates",
  "(panel)/(signed-in)/rate-plans/page.tsx": () => "/rate-plans",
  "(panel)/(signed-in)/account/page.tsx": () => "/account",
  "(panel)/(signed-in)/account/sign-in-security/page.tsx": () => "/account/sign-in-security",
  "(panel)/(signed-in)/settings/api-keys/page.tsx": () => "/settings/api-keys",
  "(panel)/(signed-in)/settings/api-keys/requests/page.tsx": () => "/settings/api-keys/requests",
  "(panel)/(signed-in)/settings/property/page.tsx": () => "/settings/property",
  "(panel)/(signed-in)/settings/privacy/page.tsx": () => "/settings/privacy",
  "(panel)/(signed-in)/settings/webhooks/page.tsx": () => "/settings/webhooks",
  "(panel)/(signed-in)/settings/webhooks/[id]/page.tsx": (ids) => `/settings/webhooks/${ids.endpoint}`,
  "(panel)/(signed-in)/settings/webhooks/[id]/deliveries/[deliveryId]/page.tsx": (ids) => `/settings/webhooks/${ids.endpoint}/deliveries/${ids.delivery}`,
  "(panel)/(signed-in)/settings/team/page.tsx": () => "/settings/team",
  "(panel)/(signed-in)/settings/booking-engine/page.tsx": () => "/settings/booking-engine",
  "(panel)/(signed-in)/settings/test-mailbox/page.tsx": () => "/settings/test-mailbox",
  "docs/errors/page.tsx": () => "/docs/errors",
  "docs/test-mode/page.tsx": () => "/docs/test-mode",
  // Development only (a production build answers 404, asserted in e2e/panel/webhooks.spec.ts).
  "dev/mailbox/page.tsx": (ids) => (ids.message ? "/dev/mailbox" : null),
  "dev/mailbox/[id]/page.tsx": (ids) => (ids.message ? `/dev/mailbox/${ids.message}` : null),
};
/** Served by route handlers, not pages, and read by people all the same. */
const OTHER_PAGES = ["/docs"];

function pageFiles(dir = join(process.cwd(), "app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pageFiles(join(dir, entry.name)) : entry.name === "page.tsx" ? [relative(join(process.cwd(), "app"), join(dir, entry.name)).split(sep).join("/")] : [],
  );
}

test("the sweep below lists every page of the app", () => {
  expect(Object.keys(PAGES).sort()).toEqual(pageFiles().sort());
});

test("no page of the site, the panel or the docs logs a console error, throws, or fails to load a resource", async ({ page, request }) => {
  // Every page of the app, one after the other, on two busy cores: behaviour is what is tested, not speed.
  test.slow();
  const development = test.info().project.name.endsWith("-dev");
  const errors = collectPageErrors(page);
  const seen: Record<string, string[]> = {};
  // Every page also refuses framing, and runs only the scripts its answer's nonce allows (a
  // script it refuses is a console error above). Each answer has a nonce of its own.
  const nonces: string[] = [];
  const policyProblems = (policy: string) => {
    nonces.push(nonceOf(policy) ?? "");
    return [...scriptPolicyProblems(policy), ...(policy.includes("frame-ancestors 'none'") ? [] : [`no frame-ancestors 'none' (${policy || "no policy"})`])];
  };
  const visit = async (path: string, isPage = true) => {
    const policy = (await page.goto(path))?.headers()["content-security-policy"] ?? "";
    await page.waitForLoadState("networkidle");
    seen[path] = [...errors.take(), ...(isPage ? policyProblems(policy) : [])];
  };

  // The guest site, through a booking: home, search, book, confirmation. Each page is asked for
  // once first: next dev compiles a page on its first request and may reload a page already open.
  // The booking moves from page to page inside the browser: the answers asked for here are the
  // ones whose policy is checked.
  const stay = await ownStay(2);
  const demoRooms = (await (await partnerApi(request).get("/room-types")).json()).data as { id: string }[];
  for (const path of ["/", `/search?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`, `/book?roomTypeId=${demoRooms[0]!.id}&checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`]) {
    const answer = await request.get(path);
    expect(answer.ok(), path).toBe(true);
    seen[`${path} (asked for)`] = policyProblems(answer.headers()["content-security-policy"] ?? "");
  }
  await chooseRoom(page, stay, 2, "Double Room");
  const guest = newGuest();
  await fillGuest(page, guest);
  await page.getByRole("button", { name: "Book" }).click();
  await expect(page).toHaveURL(/\/confirmation\//);
  await page.waitForLoadState("networkidle");
  seen["/ → search → book → confirmation"] = errors.take();
  const confirmation = new URL(page.url()).pathname.split("/").pop()!;
  const manage = (await page.getByRole("link", { name: "Manage your booking" }).getAttribute("href"))!.split("/").pop()!;

  // A hotel of the test's own for the panel, with a booking and a webhook endpoint that has a delivery.
  const { property, roomTypes } = await seedProperty(e2eDb(), { name: "Sweep Hotel" });
  const checkin = addDays(new Date().toISOString().slice(0, 10), 20);
  const { booking } = unlessRefused(await createBooking(e2eDb(), {
    property,
    actor: TEST_ACTOR,
    input: { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: { firstName: "Sweep", lastName: "Guest", email: "sweep.guest@example.com" } },
  }));
  const endpoint = await createWebhookEndpoint(e2eDb(), {
    propertyId: property.id,
    endpoint: { url: "https://receiver.example.com/hooks" },
    actor: { label: "e2e" },
    allowPrivateUrls: false,
    secretBox: createSecretBox(randomBytes(32).toString("hex")),
  });
  // An invitation to the hotel, made here with a link of the test's own (the real ones are only in e-mails).
  const { token: invitation, hash } = newStaffToken();
  await e2eDb().staffInvitation.create({
    data: { id: newId("inv"), propertyId: property.id, email: "sweep.invitee@example.com", name: "Sweep Invitee", role: "viewer", tokenHash: hash, invitedByLabel: "e2e", expiresAt: new Date(Date.now() + 3_600_000) },
  });
  // A password reset link of an account of the hotel, likewise.
  const { token: reset, hash: resetHash } = newStaffToken();
  const resetAccount = await newStaff(property.slug, "viewer");
  const resetUser = await e2eDb().staffUser.findUniqueOrThrow({ where: { email: resetAccount.email } });
  await e2eDb().staffPasswordReset.create({ data: { id: newId("pwr"), staffUserId: resetUser.id, tokenHash: resetHash, expiresAt: new Date(Date.now() + 3_600_000) } });
  const delivery = newId("whd");
  await e2eDb().webhookDelivery.create({
    data: { id: delivery, endpointId: endpoint.id, eventId: newId("evt"), eventType: "webhook.test", payload: "{}", status: "failed", attempts: 1, lastError: "connection refused" },
  });
  // In development the guest's confirmation e-mail lands in the dev mailbox (the worker sends it in a moment).
  const inMailbox = async () => (await listDevMailbox(devMailboxDir(), 100)).find((mail) => mail.to.includes(guest.email))?.id;
  if (development) await expect.poll(inMailbox, { timeout: 30_000 }).toBeTruthy();
  const message = development ? await inMailbox() : undefined;
  const ids: Ids = { booking: booking.id, endpoint: endpoint.id, delivery, confirmation, manage, invitation, reset, ...(message ? { message } : {}) };

  const addresses = Object.values(PAGES).map((address) => address(ids)).filter((address): address is string => address !== null);
  const [publicPages, panelPages] = [addresses.filter((a) => !isPanel(a)), addresses.filter(isPanel)];
  for (const path of publicPages) await visit(path);
  for (const path of OTHER_PAGES) await visit(path, false);
  const { email } = await newStaff(property.slug, "admin");
  await signInAs(page, email);
  seen["sign-in"] = errors.take();
  for (const path of panelPages) await visit(path);

  expect(Object.fromEntries(Object.entries(seen).filter(([, lines]) => lines.length > 0))).toEqual({});
  expect(new Set(nonces).size, "a nonce used twice").toBe(nonces.length);
});

test("a page's nonce is new on every load and on every script of the page; the not-found page's too", async ({ request }) => {
  // A page with nothing of its own to read (the accessibility statement), one of the panel and of
  // the docs, and the not-found page as a path of no page, of no hotel and that does not decode reach it.
  const pages = ["/accessibility", "/login", "/docs/errors"];
  const notFound = ["/no-such-page", "/hotels/no-such-hotel-here", "/%E0%A4%A"];
  const problems: Record<string, string[]> = {};
  for (const path of [...pages, ...notFound]) {
    const [first, second] = [await request.get(path), await request.get(path)];
    expect(first.status(), path).toBe(notFound.includes(path) ? 404 : 200);
    const [policy, again] = [first.headers()["content-security-policy"] ?? "", second.headers()["content-security-policy"] ?? ""];
    problems[path] = [
      ...scriptPolicyProblems(policy),
      ...(nonceOf(policy) && nonceOf(policy) !== nonceOf(again) ? [] : ["the same nonce on two loads"]),
      ...scriptsWithoutNonce(await first.text(), nonceOf(policy)).map((tag) => `no nonce on ${tag.slice(0, 120)}`),
    ];
  }
  expect(Object.fromEntries(Object.entries(problems).filter(([, lines]) => lines.length > 0))).toEqual({});
});

function isPanel(path: string): boolean {
  return /^\/(overview|bookings|rooms|rates|rate-plans|account|settings)(\/|$)/.test(path);
}
