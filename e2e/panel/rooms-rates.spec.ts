import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";
import { addDays } from "../support/partner-api";

/** A hotel of the test's own (tests run in parallel), its write key, and the partner API with it. */
async function hotel(name: string, rooms = 3) {
  const { property, roomTypes } = await seedProperty(e2eDb(), { name, roomTypes: [{ name: "Double room", maxAdults: 2, rooms, basePrice: 10_000 }] });
  const { key } = await seedApiKey(e2eDb(), property.id, "write");
  return { property, roomType: roomTypes[0]!, key };
}

function api(request: APIRequestContext, key: string) {
  const headers = { "X-Api-Key": key };
  return {
    today: async () => (await (await request.get("/partner/v1/me", { headers })).json()).property.today as string,
    offers: async (checkin: string, checkout: string) => {
      const response = await request.get(`/partner/v1/availability?checkin=${checkin}&checkout=${checkout}&adults=2`, { headers });
      expect(response.status()).toBe(200);
      return (await response.json()).roomTypes as { roomTypeId: string; price: { amount: number } }[];
    },
    book: async (roomTypeId: string, checkin: string, checkout: string) => {
      const response = await request.post("/partner/v1/bookings", { headers, data: { roomTypeId, checkin, checkout, adults: 2, guest: { firstName: "Rate", lastName: "Guest", email: "rate.guest@example.com" } } });
      expect(response.status()).toBe(201);
    },
  };
}

/** The 10th of the month two months after `today`: its stays stay within one month of the calendar. */
const dayOfLaterMonth = (today: string, day: number) => `${addDays(`${today.slice(0, 7)}-01`, 70).slice(0, 7)}-${String(day).padStart(2, "0")}`;

const night = (page: Page, date: string) => page.getByTestId(`night-${date}`);

async function bulkEdit(page: Page, edit: { from: string; to: string; price?: string; rooms?: string; state?: "Close (not for sale)" | "Open"; weekdays?: string[] }) {
  const form = page.getByRole("region", { name: /^Bulk edit/ });
  await form.getByLabel("First night").fill(edit.from);
  await form.getByLabel("Last night").fill(edit.to);
  for (const day of edit.weekdays ?? []) await form.getByLabel(day, { exact: true }).check();
  if (edit.price !== undefined) await form.getByLabel(/^Set price a night/).fill(edit.price);
  if (edit.rooms !== undefined) await form.getByLabel("Set rooms for sale").fill(edit.rooms);
  if (edit.state) await form.getByLabel(edit.state, { exact: true }).check();
  await form.getByRole("button", { name: "Apply to these nights" }).click();
  return form;
}

test("an admin changes prices, closes and reopens a night and lowers rooms below sold in the calendar; the API follows at once", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { property, roomType, key } = await hotel("Rates Calendar Hotel");
  const partner = api(request, key);
  const checkin = dayOfLaterMonth(await partner.today(), 10);
  const checkout = addDays(checkin, 3);
  expect((await partner.offers(checkin, checkout)).find((o) => o.roomTypeId === roomType.id)?.price.amount).toBe(30_000);

  const { email } = await newStaff(property.slug, "admin");
  await signInAs(page, email);
  await page.goto("/rates");
  await expect(page.getByRole("heading", { level: 1, name: "Rates and availability" })).toBeVisible();
  // Month by month with links (query parameters), the room type kept: two months on is the stay's.
  const month = checkin.slice(0, 7);
  for (let step = 0; step < 2; step++) {
    const url = page.url();
    await page.getByRole("navigation", { name: "Months" }).getByRole("link", { name: /→$/ }).click();
    await expect(page).not.toHaveURL(url);
  }
  await expect(page).toHaveURL(new RegExp(`roomType=${roomType.id}&month=${month}$`));
  await expect(night(page, checkin)).toBeVisible();

  // Three nights at 150.50 (a decimal comma), entered as money.
  await bulkEdit(page, { from: checkin, to: addDays(checkin, 2), price: "150,50" });
  await expect(page.getByRole("status").filter({ hasText: "Updated 3 nights" })).toBeVisible();
  for (const date of [checkin, addDays(checkin, 1), addDays(checkin, 2)]) await expect(night(page, date).getByTestId("price")).toHaveText("€150.50");
  await expect(night(page, addDays(checkin, 3)).getByTestId("price")).toHaveText("€100.00");
  expect((await partner.offers(checkin, checkout)).find((o) => o.roomTypeId === roomType.id)?.price.amount).toBe(45_150);

  // A refused price is explained beside its field, and nothing changes.
  await bulkEdit(page, { from: checkin, to: checkin, price: "1.234" });
  await expect(page.locator("#bulk-price-error")).toHaveText("EUR takes at most 2 digits after the decimal point, e.g. 120.50.");
  await expect(page.getByLabel(/^Set price a night/)).toHaveAttribute("aria-invalid", "true");

  // Close the middle night: not offered for a stay covering it; reopen: offered again.
  await bulkEdit(page, { from: addDays(checkin, 1), to: addDays(checkin, 1), price: "", state: "Close (not for sale)" });
  await expect(night(page, addDays(checkin, 1)).getByTestId("status")).toHaveText("Closed");
  expect((await partner.offers(checkin, checkout)).map((o) => o.roomTypeId)).not.toContain(roomType.id);
  await bulkEdit(page, { from: addDays(checkin, 1), to: addDays(checkin, 1), state: "Open" });
  await expect(night(page, addDays(checkin, 1)).getByTestId("status")).toHaveText("Open");
  expect((await partner.offers(checkin, checkout)).find((o) => o.roomTypeId === roomType.id)?.price.amount).toBe(45_150);

  // Two rooms sold on the 20th and 21st; rooms for sale set to 1 on the 20th to 22nd: the sold nights stay at 2 and are named.
  const sold = `${month}-20`;
  for (let i = 0; i < 2; i++) await partner.book(roomType.id, sold, addDays(sold, 2));
  await page.reload();
  await expect(night(page, sold).getByTestId("sold")).toHaveText("2");
  const form = await bulkEdit(page, { from: sold, to: addDays(sold, 2), rooms: "1" });
  await expect(form.getByTestId("kept-above-sold")).toContainText(sold);
  await expect(form.getByTestId("kept-above-sold").getByRole("listitem")).toHaveText([sold, addDays(sold, 1)]);
  for (const date of [sold, addDays(sold, 1)]) {
    await expect(night(page, date).getByTestId("for-sale")).toHaveText("2");
    await expect(night(page, date).getByTestId("status")).toHaveText("Sold out");
  }
  await expect(night(page, addDays(sold, 2)).getByTestId("for-sale")).toHaveText("1");

  // Weekdays: only the Fridays of the month get a new price.
  const firstOfMonth = `${month}-01`;
  const lastOfMonth = addDays(`${addDays(firstOfMonth, 40).slice(0, 7)}-01`, -1);
  const fridaysForm = await bulkEdit(page, { from: firstOfMonth, to: lastOfMonth, price: "99", weekdays: ["Fri"] });
  await expect(fridaysForm.getByText(`from ${firstOfMonth} to ${lastOfMonth}.`)).toBeVisible();
  const fridays = (await e2eDb().roomNight.findMany({ where: { roomTypeId: roomType.id, price: 9_900 } })).map((n) => n.date.getUTCDay());
  expect(fridays.length).toBeGreaterThanOrEqual(4);
  expect(new Set(fridays)).toEqual(new Set([5]));

  // The history names who changed what.
  await expect(page.getByTestId("history")).toContainText(`${email} set price €150.50 for Double room, ${checkin} to ${addDays(checkin, 2)}, 3 night(s)`);
  await expect(page.getByTestId("history")).toContainText(`kept at rooms sold on ${sold}, ${addDays(sold, 1)}`);
  await expect(page.getByTestId("history")).toContainText("(Fri only)");

  expect(await seriousViolations(page), "rates page").toEqual([]);
  await testInfo.attach("rates calendar", { body: await page.getByRole("region", { name: /Double room,/ }).screenshot(), contentType: "image/png" });
  await page.getByRole("navigation", { name: "Months" }).getByRole("link", { name: "This month" }).click();
  await expect(page.getByTestId("rates-calendar").getByText("Today", { exact: true })).toBeVisible();
  await testInfo.attach("rates calendar, this month (past nights greyed)", { body: await page.getByRole("region", { name: /Double room,/ }).screenshot(), contentType: "image/png" });

  // 390 px wide: the calendar wraps (two nights a row); nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const calendarWidth = await page.getByTestId("rates-calendar").evaluate((list) => list.scrollWidth);
  expect(calendarWidth).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.querySelector("main")!.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.body.scrollWidth), "the page scrolls sideways at 390 px").toBeLessThanOrEqual(390);
  await testInfo.attach("rates calendar at 390 px", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

test("an admin adds a room type and edits its base price on Rooms; money is entered and shown in the property's currency", async ({ page }) => {
  const { property } = await hotel("Rooms Page Hotel");
  const { email } = await newStaff(property.slug, "admin");
  await signInAs(page, email);
  await page.goto("/rooms");
  await expect(page.getByRole("heading", { level: 1, name: "Rooms" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Double room/ })).toContainText("€100.00");

  const add = page.getByRole("region", { name: "Add a room type" });
  await add.getByLabel("Name").fill("Garden Suite");
  await add.getByLabel("Description (optional)").fill("Opens onto the garden");
  await add.getByLabel("Max adults").fill("0");
  await add.getByLabel("Rooms").fill("2");
  await add.getByLabel(/^Base price/).fill("abc");
  await add.getByRole("button", { name: "Add room type" }).click();
  await expect(add.getByText("Max adults must be a whole number from 1 to 20.")).toBeVisible();
  await expect(add.getByText(/^Enter a price as a number/)).toBeVisible();
  await expect(add.getByLabel("Name")).toHaveValue("Garden Suite");
  expect(await seriousViolations(page), "rooms page with errors").toEqual([]);

  await add.getByLabel("Max adults").fill("3");
  await add.getByLabel(/^Base price/).fill("€199,90");
  await add.getByRole("button", { name: "Add room type" }).click();
  await expect(add.getByRole("status")).toContainText("Added Garden Suite: 2 rooms for sale at €199.90 a night");
  const row = page.getByRole("row", { name: /Garden Suite/ });
  await expect(row).toContainText("Opens onto the garden");
  await expect(row).toContainText("€199.90");

  const edit = page.locator("details", { hasText: "Edit Garden Suite" });
  await edit.getByText("Edit Garden Suite").click();
  await expect(edit.getByText("Base price and rooms apply to nights created later")).toBeVisible();
  await expect(edit.getByRole("link", { name: /bulk edit/ })).toHaveAttribute("href", /^\/rates\?roomType=rt_/);
  await edit.getByLabel(/^Base price/).fill("210");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("status")).toContainText("Saved Garden Suite. The base price and rooms apply to nights created later");
  await expect(row).toContainText("€210.00");
  await expect(page.getByTestId("history")).toContainText(`${email} changed Garden Suite: base price €199.90 → €210.00`);
  await expect(page.getByTestId("history")).toContainText(`${email} created Garden Suite`);
  expect(await seriousViolations(page), "rooms page").toEqual([]);
});

test("a viewer sees rooms and rates but no edit controls, and forged edits are refused", async ({ page, browser }) => {
  test.setTimeout(90_000); // three sign-ins and a forged form: about 30 s on a quiet machine
  const { property, roomType } = await hotel("Rates Viewer Hotel");
  const other = await hotel("Rates Other Hotel");
  const viewer = await newStaff(property.slug, "viewer");
  const admin = await newStaff(property.slug, "admin");

  await signInAs(page, viewer.email);
  await page.goto("/rooms");
  await expect(page.getByRole("row", { name: /Double room/ })).toContainText("€100.00");
  await expect(page.getByText("You have view access")).toBeVisible();
  for (const name of ["Add room type", "Save"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  await expect(page.locator("details")).toHaveCount(0);
  expect(await seriousViolations(page), "rooms page, viewer").toEqual([]);
  await page.goto("/rates");
  await expect(page.getByTestId("rates-calendar").getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText("You have view access")).toBeVisible();
  await expect(page.getByRole("region", { name: /^Bulk edit/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Apply to these nights" })).toHaveCount(0);
  // Last month: every night is past, greyed and marked so in words.
  await page.getByRole("navigation", { name: "Months" }).getByRole("link", { name: /^←/ }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}$/);
  await expect(page.getByTestId("rates-calendar").getByRole("listitem").first()).toContainText("Past");
  await expect(page.getByTestId("rates-calendar").getByRole("listitem").last()).toContainText("Past");
  expect(await seriousViolations(page), "rates page, viewer").toEqual([]);
  expect((await page.goto(`/rates?roomType=${other.roomType.id}`))?.status(), "another property's room type").toBe(404);
  const viewerSession = (await page.context().cookies()).find((c) => c.name === "rb_session")!;

  // The admin's form, sent with the viewer's session: refused on the server, nothing changes.
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, admin.email);
    await adminPage.goto(`/rates?roomType=${roomType.id}`);
    const today = (await adminPage.getByText(/^Today at the property is/).textContent())!.match(/\d{4}-\d{2}-\d{2}/)![0];
    await adminContext.addCookies([viewerSession]);
    const form = await bulkEdit(adminPage, { from: today, to: addDays(today, 5), price: "1", state: "Close (not for sale)" });
    await expect(form.getByRole("alert")).toHaveText("You have view access to this property: only its admins can change room types and rates.");
    expect(await e2eDb().roomNight.count({ where: { roomTypeId: roomType.id, OR: [{ price: 100 }, { closed: true }] } })).toBe(0);

    await adminPage.goto("/rooms");
    const add = adminPage.getByRole("region", { name: "Add a room type" });
    await expect(add).toHaveCount(0); // the page now shows the viewer's view
    expect(await e2eDb().auditEvent.count({ where: { propertyId: property.id, action: { in: ["rates_set", "room_type_created", "room_type_updated"] } } })).toBe(0);
  } finally {
    await adminContext.close();
  }

  // An admin editing another property's room type id into the form gets "not found".
  await page.context().clearCookies();
  await signInAs(page, admin.email);
  await page.goto(`/rates?roomType=${roomType.id}`);
  await page.locator('input[name="roomTypeId"]').evaluate((input, id) => ((input as HTMLInputElement).value = id), other.roomType.id);
  const today = (await page.getByText(/^Today at the property is/).textContent())!.match(/\d{4}-\d{2}-\d{2}/)![0];
  const response = page.waitForResponse((r) => r.request().method() === "POST");
  await bulkEdit(page, { from: today, to: today, price: "1" });
  expect((await response).status()).toBe(404);
  expect(await e2eDb().roomNight.count({ where: { roomTypeId: other.roomType.id, price: 100 } })).toBe(0);

  // A night before today is refused beside the field.
  await page.goto(`/rates?roomType=${roomType.id}`);
  await bulkEdit(page, { from: addDays(today, -1), to: today, price: "1" });
  await expect(page.locator("#bulk-from-error")).toHaveText(`${addDays(today, -1)} is before today at the property (${today}): past nights cannot be changed.`);
});
