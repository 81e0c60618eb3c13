import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { setSessionTestMode } from "@/lib/staff/staff-sessions";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";

/**
 * Test mode in the panel (issue 23): the Live / Test switch and its banner, a test key made and
 * used, a test booking seen in test mode only, the test clock, and Reset test data.
 */
const partner = (request: APIRequestContext, key: string) => ({
  get: (path: string) => request.get(`/partner/v1${path}`, { headers: { "X-Api-Key": key } }),
  post: (path: string, data: unknown) => request.post(`/partner/v1${path}`, { headers: { "X-Api-Key": key }, data }),
});

async function searchBookings(page: Page, reference: string) {
  await page.goto(`/bookings?q=${encodeURIComponent(reference)}`);
}

test("an admin switches to test mode, makes a test key, sees its booking in test mode only, moves the test clock and resets", async ({ page, request }) => {
  const { email } = await newStaff("harbour-view-hotel", "admin");
  await signInAs(page, email);
  await page.goto("/settings/api-keys");
  await expect(page.getByText("Test mode: nothing here is real.")).toHaveCount(0);
  await page.getByRole("button", { name: "Open test mode" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await expect(page.getByText("Test mode: nothing here is real.")).toBeVisible();

  await page.getByLabel("Label").fill("E2E sandbox");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-key-value").first().textContent())!.trim();
  expect(key).toMatch(/^rbp_test_/);
  const api = partner(request, key);
  const me = await (await api.get("/me")).json();
  expect(me.mode).toBe("test");

  const checkin = new Date(`${me.property.today}T00:00:00Z`);
  checkin.setUTCDate(checkin.getUTCDate() + 60);
  const day = (offset: number) => new Date(checkin.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const offers = await (await api.get(`/availability?checkin=${day(0)}&checkout=${day(2)}&adults=1`)).json();
  const made = await api.post("/bookings", {
    roomTypeId: offers.roomTypes[0].roomTypeId,
    checkin: day(0),
    checkout: day(2),
    adults: 1,
    guest: { firstName: "Tess", lastName: "Sandbox", email: "tess.sandbox@example.com" },
  });
  expect(made.status()).toBe(201);
  const { reference } = await made.json();
  expect(reference).toMatch(/^TEST-HVH-/);

  await searchBookings(page, reference);
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
  await page.getByRole("button", { name: "Back to live mode" }).click();
  await expect(page.getByText("Test mode: nothing here is real.")).toHaveCount(0);
  await searchBookings(page, reference);
  await expect(page.getByRole("link", { name: reference })).toHaveCount(0);

  // The test clock, from the banner: the API's today follows.
  await page.getByRole("button", { name: "Open test mode" }).click();
  await page.getByLabel("Move today to").fill(day(-1));
  await page.getByRole("button", { name: "Set", exact: true }).click();
  await expect(page.getByText(`Today in test mode: ${day(-1)} (moved by the test clock)`)).toBeVisible();
  expect((await (await api.get("/me")).json()).property.today).toBe(day(-1));
  await page.getByRole("button", { name: "Back to the real date" }).click();
  await expect(page.getByText(`Today in test mode: ${me.property.today}`, { exact: true })).toBeVisible();
  expect((await (await api.get("/me")).json()).property.today).toBe(me.property.today);

  await searchBookings(page, reference);
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
  await page.getByLabel(/Delete every test booking/).check();
  await page.getByRole("button", { name: "Reset test data" }).click();
  await expect(page).toHaveURL(/\/bookings$/); // the reset returns to the section
  await searchBookings(page, reference);
  await expect(page.getByText(/^No bookings match/)).toBeVisible();
  expect((await api.get("/me")).status()).toBe(200); // test keys stay
});

test("rendering a panel page never makes the test twin: turning test mode on does, once", async ({ page }) => {
  const db = e2eDb();
  const { property } = await seedProperty(db, { name: `Twinless ${randomBytes(3).toString("hex")}`, roomTypes: [{ name: "Loft", maxAdults: 2, rooms: 2, basePrice: 9_000 }] });
  const email = `admin-${randomBytes(4).toString("hex")}@twinless.example`;
  await seedStaff(db, property.id, { email, role: "admin", password: `pw-${randomBytes(8).toString("hex")}` });
  await signInAs(page, email);
  const twins = () => db.property.count({ where: { livePropertyId: property.id } });

  // A session already in test mode (as a prefetch or a crawler would find it): its pages render live and write nothing.
  const session = await db.staffSession.findFirstOrThrow({ where: { staffUser: { email } }, orderBy: { createdAt: "desc" } });
  await setSessionTestMode(db, session.id, true);
  for (const path of ["/overview", "/bookings", "/settings/api-keys", "/rates"]) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Open test mode" })).toBeVisible();
  }
  expect(await twins()).toBe(0);

  await page.getByRole("button", { name: "Open test mode" }).click();
  await expect(page.getByText("Test mode: nothing here is real.")).toBeVisible();
  expect(await twins()).toBe(1);
  await page.getByRole("button", { name: "Back to live mode" }).click();
  await page.getByRole("button", { name: "Open test mode" }).click();
  await expect(page.getByText("Test mode: nothing here is real.")).toBeVisible();
  expect(await twins()).toBe(1);
});
