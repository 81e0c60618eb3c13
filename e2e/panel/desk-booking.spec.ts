import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { demoCredentials } from "../support/demo";
import { newStaff, signInAs } from "../support/panel";
import { partnerApi } from "../support/partner-api";
import { ownStay } from "../support/stays";

const newGuest = (firstName: string) => ({ firstName, lastName: "Carvalho", email: `${firstName.toLowerCase()}.${randomBytes(3).toString("hex")}@example.com` });

/** New booking's first two steps: the stay, then the room type. */
async function chooseRoomAtDesk(page: Page, stay: { checkin: string; checkout: string }, adults: number, roomType: string) {
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Bookings" }).click();
  await page.getByRole("main").getByRole("link", { name: "New booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New booking" })).toBeVisible();
  await page.getByLabel("Check-in").fill(stay.checkin);
  await page.getByLabel("Check-out").fill(stay.checkout);
  await page.getByLabel("Adults").fill(String(adults));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "Room types free for the stay" })).toBeVisible();
  await page.getByRole("link", { name: `Choose ${roomType}, Standard` }).click();
  await expect(page.getByRole("heading", { level: 2, name: roomType })).toBeVisible();
}

async function fillGuestAtDesk(page: Page, guest: { firstName: string; lastName: string; email: string }, extra: { phone?: string; note?: string } = {}) {
  await page.getByLabel("First name").fill(guest.firstName);
  await page.getByLabel("Last name").fill(guest.lastName);
  await page.getByLabel("E-mail").fill(guest.email);
  if (extra.phone) await page.getByLabel("Phone (optional)").fill(extra.phone);
  if (extra.note) await page.getByLabel("Note for the staff (optional)").fill(extra.note);
}

const bookingsOf = (email: string) => e2eDb().booking.findMany({ where: { guestEmail: email } });

test("a receptionist takes a phone booking: dates, a room type, the guest with phone and note; it is made at the desk by them", async ({ page, request }, testInfo) => {
  const { staffEmail } = demoCredentials();
  const stay = await ownStay(3);
  const guest = newGuest("Beatriz");
  await signInAs(page, staffEmail);
  await chooseRoomAtDesk(page, stay, 2, "Double Room");

  // The offer is the partner API's, to the cent.
  const offer = ((await (await partnerApi(request).get(`/availability?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2`)).json()).roomTypes as { name: string; price: { amount: number } }[]).find((r) => r.name === "Double Room")!;
  await expect(page.getByTestId("desk-total")).toHaveText(`€${(offer.price.amount / 100).toFixed(2)}`);

  // A mistake first: the error is beside its field, and what was typed stays.
  await fillGuestAtDesk(page, { ...guest, email: "beatriz-at-example" }, { phone: "+351 912 345 678", note: "Called at 10:40.\nArrives by train, late." });
  await page.getByRole("button", { name: "Create booking" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(/Must be an e-mail address\./);
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("+351 912 345 678");
  expect(await seriousViolations(page), "new booking, with an error").toEqual([]);
  await testInfo.attach("guest details with an error", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

  await page.getByLabel("E-mail").fill(guest.email);
  await page.getByRole("button", { name: "Create booking" }).click();
  await expect(page).toHaveURL(/\/bookings\/bk_[a-z0-9]{20}$/);
  const origin = page.getByTestId("booking-origin");
  await expect(origin.getByRole("definition").first()).toHaveText("Desk · Maria Silva");
  await expect(origin.getByRole("link", { name: "+351 912 345 678" })).toHaveAttribute("href", "tel:+351912345678");
  await expect(origin).toContainText("Called at 10:40.");
  await expect(page.getByRole("region", { name: "History" }).getByRole("listitem").first()).toContainText("Created by Desk · Maria Silva");
  expect(await seriousViolations(page), "a desk booking's page").toEqual([]);

  const [booking] = await bookingsOf(guest.email);
  expect(booking).toMatchObject({ source: "desk", guestPhone: "+351 912 345 678", staffNote: "Called at 10:40.\nArrives by train, late.", totalAmount: offer.price.amount });
  const shown = await (await partnerApi(request).get(`/bookings/${booking!.id}`)).json();
  expect(shown).toMatchObject({ id: booking!.id, source: "desk", guest });

  // In the bookings list, with who made it.
  await page.goto(`/bookings?checkinFrom=${stay.checkin}&checkinTo=${stay.checkin}`);
  const row = page.getByRole("row").filter({ hasText: booking!.reference });
  await expect(row).toContainText(`${guest.firstName} ${guest.lastName}`);
  await expect(row).toContainText("Desk · Maria Silva");
  expect(await seriousViolations(page), "the bookings list with a desk booking").toEqual([]);

  // The guest calls back: found by their name alone, from the search box.
  await page.goto("/bookings");
  await page.getByLabel("Search", { exact: true }).fill(`${guest.firstName} ${guest.lastName}`.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=BEATRIZ\+CARVALHO/);
  await expect(page.getByRole("row").filter({ hasText: booking!.reference })).toContainText("Desk · Maria Silva");
});

test("a double click on Create booking makes one booking", async ({ page }) => {
  const { email } = await newStaff("harbour-view-hotel", "admin");
  const stay = await ownStay(1);
  const guest = newGuest("Duarte");
  await signInAs(page, email);
  await chooseRoomAtDesk(page, stay, 1, "Single Room");
  await fillGuestAtDesk(page, guest);
  await page.getByRole("button", { name: "Create booking" }).dblclick();
  await expect(page).toHaveURL(/\/bookings\/bk_/);
  await expect(page.getByTestId("booking-origin").getByRole("definition").first()).toHaveText(`Desk · ${email}`); // no name: shown by e-mail
  expect(await bookingsOf(guest.email)).toHaveLength(1);
});

test("a viewer sees no New booking button and is told why on its page", async ({ page }) => {
  const { email } = await newStaff("harbour-view-hotel", "viewer");
  await signInAs(page, email);
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Bookings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "New booking" })).toHaveCount(0);
  await page.goto("/bookings/new");
  await expect(page.getByRole("status")).toContainText("Only admins of Harbour View Hotel make bookings here");
  await expect(page.getByRole("button", { name: "Search" })).toHaveCount(0);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the desk books with plain forms, and a resubmitted form opens the same booking", async ({ page }) => {
    const { email } = await newStaff("harbour-view-hotel", "admin");
    const stay = await ownStay(2);
    const guest = newGuest("Ines");
    await signInAs(page, email);
    await chooseRoomAtDesk(page, stay, 2, "Twin Room");
    await fillGuestAtDesk(page, guest, { note: "Walk-in." });
    const posted = page.waitForRequest((r) => r.method() === "POST");
    await page.getByRole("button", { name: "Create booking" }).click();
    const post = await posted;
    await expect(page).toHaveURL(/\/bookings\/bk_/);
    const bookingUrl = page.url();

    // The browser's "Confirm form resubmission": the very same request again lands on the same booking.
    const again = await page.request.fetch(post);
    expect(again.ok()).toBe(true);
    expect(again.url()).toBe(bookingUrl);
    expect(await bookingsOf(guest.email)).toHaveLength(1);
  });
});
