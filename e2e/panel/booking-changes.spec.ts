import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createBooking } from "@/lib/bookings/create-booking";
import { setRates } from "@/lib/rates/set-rates";
import { seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";
import { addDays, partnerApi } from "../support/partner-api";
import { ownStay } from "../support/stays";

/** "4 Dec 2026", as the panel shows a date. */
const shown = (date: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${date}T00:00:00Z`));

/** A two-night stay in the demo hotel's Double Room, booked through the partner API, on nights of the test's own. */
async function apiBooking(request: APIRequestContext, lastName: string) {
  const api = partnerApi(request);
  const double = ((await (await api.get("/room-types")).json()).data as { id: string; name: string }[]).find((r) => r.name === "Double Room")!;
  const created = await api.post("/bookings", {
    roomTypeId: double.id,
    ...(await ownStay(2)),
    adults: 2,
    guest: { firstName: "Change", lastName, email: `change.${lastName.toLowerCase()}@example.com` },
  });
  expect(created.status()).toBe(201);
  return { api, booking: (await created.json()) as { id: string; reference: string; checkin: string; checkout: string; price: { amount: number } } };
}

test("an admin moves a booking's dates (preview, then confirm, sent twice: changed once) and reads the change in its history", async ({ page, request }) => {
  const { api, booking } = await apiBooking(request, "Mover");
  const key = await e2eDb().booking.findUniqueOrThrow({ where: { id: booking.id }, select: { apiKey: { select: { label: true, hint: true } } } });
  const [checkin, checkout] = [addDays(booking.checkin, 1), addDays(booking.checkout, 1)];
  const { email } = await newStaff("harbour-view-hotel", "admin");
  await signInAs(page, email);
  await page.goto(`/bookings/${booking.id}`);

  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByRole("listitem")).toContainText(`Created by ${key.apiKey!.label} (${key.apiKey!.hint})`);

  const change = page.getByRole("region", { name: "Change" });
  await change.getByLabel("Check-in").fill(checkin);
  await change.getByLabel("Check-out").fill(checkout);
  await change.getByRole("button", { name: "Preview change" }).click();
  const preview = change.getByRole("region", { name: "Preview of the change" });
  await expect(preview.getByRole("row", { name: /^Check-in/ })).toHaveText(`Check-in${shown(booking.checkin)}${shown(checkin)}`);
  await expect(preview.getByRole("row", { name: /^Check-out/ })).toHaveText(`Check-out${shown(booking.checkout)}${shown(checkout)}`);
  await expect(preview.getByTestId("change-price")).toContainText(/New price €[\d,.]+ \(now €[\d,.]+\): (no difference|[+−] €[\d,.]+)\./);
  const nights = preview.getByRole("table", { name: "Price of each night" }).getByRole("row").filter({ has: page.locator("time") });
  await expect(nights).toHaveCount(2);
  await expect(nights.first().locator("time")).toHaveAttribute("datetime", checkin);
  expect(await seriousViolations(page), "booking page with a preview").toEqual([]);
  // Nothing is changed by a preview.
  expect((await (await api.get(`/bookings/${booking.id}`)).json()).checkin).toBe(booking.checkin);

  // Confirm, sent twice at once (a double click): the form's Idempotency-Key makes it one change.
  const posts: string[] = [];
  page.on("request", (r) => { if (r.method() === "POST") posts.push(r.url()); });
  await change.getByRole("button", { name: "Confirm change" }).evaluate((button: HTMLButtonElement) => {
    button.form!.requestSubmit(button);
    button.form!.requestSubmit(button);
  });
  await expect(change.getByRole("status")).toContainText("The booking is changed.");
  await expect.poll(() => posts.length, "both submissions were sent").toBe(2);
  await expect(history.getByRole("listitem").filter({ hasText: /Changed by/ })).toHaveCount(1);
  const changed = history.getByRole("listitem").filter({ hasText: `Changed by ${email}` });
  await expect(changed).toContainText(`Check-in: ${shown(booking.checkin)} → ${shown(checkin)}`);
  await expect(changed).toContainText(`Check-out: ${shown(booking.checkout)} → ${shown(checkout)}`);
  await expect(change.getByLabel("Check-in")).toHaveValue(checkin);
  expect(await seriousViolations(page), "booking page after a change").toEqual([]);

  expect(await (await api.get(`/bookings/${booking.id}`)).json()).toMatchObject({ checkin, checkout, status: "confirmed" });
  expect(await e2eDb().bookingHistoryEntry.count({ where: { bookingId: booking.id } })).toBe(1);
});

test("without JavaScript an admin previews and confirms a change; refusals are said beside their fields", async ({ browser, request }) => {
  const { api, booking } = await apiBooking(request, "Plain");
  const { email } = await newStaff("harbour-view-hotel", "admin");
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await signInAs(page, email);
    await page.goto(`/bookings/${booking.id}`);
    const change = page.getByRole("region", { name: "Change" });

    await change.getByLabel("Check-out").fill(booking.checkin);
    await change.getByLabel("Guest e-mail").fill("not an address");
    await change.getByRole("button", { name: "Preview change" }).click();
    await expect(change.getByLabel("Guest e-mail")).toHaveAccessibleDescription("Must be an e-mail address.");
    await expect(change.getByLabel("Guest e-mail")).toHaveValue("not an address");

    await change.getByLabel("Guest e-mail").fill("change.plain@example.com");
    await change.getByRole("button", { name: "Preview change" }).click();
    await expect(change.getByLabel("Check-out")).toHaveAccessibleDescription("Must be after checkin.");
    await expect(change.getByRole("alert")).toHaveText("1 field is invalid.");

    await change.getByLabel("Check-out").fill(addDays(booking.checkout, 1));
    await change.getByLabel("Adults").fill("1");
    await change.getByLabel("Partner reference").fill("PLAIN-7");
    await change.getByRole("button", { name: "Preview change" }).click();
    const preview = change.getByRole("region", { name: "Preview of the change" });
    await expect(preview.getByRole("row", { name: /^Nights/ })).toHaveText("Nights23");
    await expect(preview.getByRole("row", { name: /^Partner reference/ })).toHaveText("Partner referencenonePLAIN-7");
    await change.getByRole("button", { name: "Confirm change" }).click();
    await expect(change.getByRole("status")).toContainText("The booking is changed.");

    const changed = page.getByRole("region", { name: "History" }).getByRole("listitem").filter({ hasText: `Changed by ${email}` });
    await expect(changed).toContainText("Adults: 2 → 1");
    await expect(changed).toContainText("Partner reference: none → PLAIN-7");
    expect(await (await api.get(`/bookings/${booking.id}`)).json()).toMatchObject({ checkout: addDays(booking.checkout, 1), adults: 1, externalReference: "PLAIN-7" });
  } finally {
    await context.close();
  }
});

test("a price that moved between the preview and Confirm is quoted again, and the change is made only when confirmed at the new price", async ({ page }) => {
  const { property, roomTypes } = await seedProperty(e2eDb(), { name: "Moving Price Hotel", roomTypes: [{ name: "Double room", maxAdults: 2, rooms: 2, basePrice: 10_000 }] });
  const roomType = roomTypes[0]!;
  const checkin = addDays(new Date().toISOString().slice(0, 10), 30);
  const { booking } = unlessRefused(await createBooking(e2eDb(), {
    property,
    actor: TEST_ACTOR,
    input: { roomTypeId: roomType.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: { firstName: "Price", lastName: "Watcher", email: "price.watcher@example.com" } },
  }));
  const { email } = await newStaff(property.slug, "admin");
  await signInAs(page, email);
  await page.goto(`/bookings/${booking.id}`);

  const change = page.getByRole("region", { name: "Change" });
  await change.getByLabel("Check-out").fill(addDays(checkin, 3));
  await change.getByRole("button", { name: "Preview change" }).click();
  await expect(change.getByTestId("change-price")).toHaveText("New price €300.00 (now €200.00): + €100.00.");
  // The hotel raises the third night's rate before the change is confirmed.
  await setRates(e2eDb(), { roomTypeId: roomType.id, from: addDays(checkin, 2), to: addDays(checkin, 2), price: 15_000 });
  await change.getByRole("button", { name: "Confirm change" }).click();
  await expect(change.getByRole("alert")).toHaveText("The price changed since the preview: this change now costs €350.00. Nothing was changed; confirm again to change at this price.");
  await expect(change.getByTestId("change-price")).toHaveText("New price €350.00 (now €200.00): + €150.00.");
  expect(await e2eDb().bookingHistoryEntry.count({ where: { bookingId: booking.id } })).toBe(0);

  await change.getByRole("button", { name: "Confirm change" }).click();
  await expect(change.getByRole("status")).toHaveText("The booking is changed. Its price is now €350.00.");
  await expect(page.getByRole("region", { name: "History" }).getByRole("listitem").filter({ hasText: `Changed by ${email}` })).toContainText("Price: €200.00 → €350.00");
});

test("a viewer reads a booking's history but has no Change form, and a change sent with a viewer's session is refused", async ({ page, browser }) => {
  const viewer = await newStaff("harbour-view-hotel", "viewer");
  const admin = await newStaff("harbour-view-hotel", "admin");
  const roomType = await e2eDb().roomType.findFirstOrThrow({ where: { propertyId: viewer.property.id, name: "Double Room" } });
  const { booking } = unlessRefused(await createBooking(e2eDb(), {
    property: viewer.property,
    actor: TEST_ACTOR,
    input: { roomTypeId: roomType.id, ...(await ownStay(1)), adults: 1, guest: { firstName: "Walk", lastName: "In", email: "walk.in@example.com" } },
  }));

  await signInAs(page, viewer.email);
  await page.goto(`/bookings/${booking.id}`);
  await expect(page.getByRole("region", { name: "History" }).getByRole("listitem")).toContainText("Created by Desk");
  await expect(page.getByRole("region", { name: "Change" })).toHaveCount(0);
  for (const name of ["Preview change", "Confirm change", "Cancel booking"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  expect(await seriousViolations(page), "booking page, viewer").toEqual([]);
  const viewerSession = (await page.context().cookies()).find((c) => c.name === "rb_session")!;

  // The admin's previewed change, confirmed with the viewer's session: refused on the server.
  const adminContext = await browser.newContext();
  try {
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, admin.email);
    await adminPage.goto(`/bookings/${booking.id}`);
    const change = adminPage.getByRole("region", { name: "Change" });
    await change.getByLabel("Adults").fill("2");
    await change.getByRole("button", { name: "Preview change" }).click();
    await expect(change.getByRole("row", { name: /^Adults/ })).toHaveText("Adults12");
    await adminContext.addCookies([viewerSession]);
    await change.getByRole("button", { name: "Confirm change" }).click();
    await expect(change.getByRole("alert")).toHaveText("You have view access to this property: only its admins can change anything here.");
  } finally {
    await adminContext.close();
  }
  expect(await e2eDb().booking.findUniqueOrThrow({ where: { id: booking.id }, select: { adults: true } })).toEqual({ adults: 1 });
  expect(await e2eDb().bookingHistoryEntry.count({ where: { bookingId: booking.id } })).toBe(0);
});
