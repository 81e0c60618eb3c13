import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { expect, test } from "@playwright/test";
import { createBooking } from "@/lib/bookings/create-booking";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";
import { addDays, partnerApi } from "../support/partner-api";
import { ownStay } from "../support/stays";

test("an admin cancels a booking in the panel, and the API then shows it cancelled", async ({ page, request }) => {
  const api = partnerApi(request);
  const roomTypes = (await (await api.get("/room-types")).json()).data as { id: string; name: string }[];
  const double = roomTypes.find((r) => r.name === "Double Room")!;
  const created = await api.post("/bookings", {
    roomTypeId: double.id,
    ...(await ownStay(2)),
    adults: 2,
    guest: { firstName: "Panel", lastName: "Guest", email: "panel.guest@example.com" },
  });
  expect(created.status()).toBe(201);
  const booking = await created.json();

  const { email } = await newStaff("harbour-view-hotel", "admin");
  await signInAs(page, email);
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Bookings" }).click();
  await page.getByRole("link", { name: booking.reference }).click();
  await expect(page.getByRole("heading", { name: `Booking ${booking.reference}` })).toBeVisible();
  await page.getByLabel("Reason (optional)").fill("Guest phoned the hotel");
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("definition").filter({ hasText: /^cancelled$/ })).toBeVisible();
  await expect(page.getByText("(Guest phoned the hotel)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

  const after = await (await api.get(`/bookings/${booking.id}`)).json();
  expect(after).toMatchObject({ status: "cancelled", cancellationReason: "Guest phoned the hotel" });
});

test("staff of another property get 404 on this property's bookings, even by editing ids in the cancel and change forms", async ({ page, request }) => {
  const api = partnerApi(request);
  const stay = await ownStay(1);
  const harbourRoom = ((await (await api.get("/room-types")).json()).data as { id: string }[])[0]!;
  const harbourBooking = await (
    await api.post("/bookings", { roomTypeId: harbourRoom.id, ...stay, adults: 1, guest: { firstName: "Not", lastName: "Yours", email: "not.yours@example.com" } })
  ).json();

  // Alpine Lodge's own booking (a walk-in: the Free plan has no write API), to get a cancel form to tamper with.
  const { email, property: alpine } = await newStaff("alpine-lodge", "admin");
  const alpineRoom = await e2eDb().roomType.findFirstOrThrow({ where: { propertyId: alpine.id } });
  const { booking: alpineBooking } = unlessRefused(await createBooking(e2eDb(), {
    property: alpine,
    actor: TEST_ACTOR,
    input: { roomTypeId: alpineRoom.id, ...stay, adults: 1, guest: { firstName: "Walk", lastName: "In", email: "walk.in@example.com" } },
  }));
  await signInAs(page, email);

  expect((await page.goto(`/bookings/${harbourBooking.id}`))?.status()).toBe(404);

  for (const [field, value] of [["bookingId", harbourBooking.id], ["propertyId", (await (await api.get("/me")).json()).property.id]] as const) {
    for (const button of ["Cancel booking", "Preview change"]) {
      await page.goto(`/bookings/${alpineBooking.id}`);
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: button }) });
      await form.locator(`input[name="${field}"]`).evaluate((input, v) => ((input as HTMLInputElement).value = v), value);
      if (button === "Cancel booking") page.once("dialog", (dialog) => dialog.accept());
      const post = page.waitForResponse((r) => r.request().method() === "POST");
      await form.getByRole("button", { name: button }).click();
      expect((await post).status(), `${button}, forged ${field}`).toBe(404);
    }
  }

  expect((await (await api.get(`/bookings/${harbourBooking.id}`)).json()).status).toBe("confirmed");
  expect((await e2eDb().booking.findUniqueOrThrow({ where: { id: alpineBooking.id } })).status).toBe("confirmed");
});

test("the bookings list counts what its filters select and shows each booking's room type; the booking page shows times on the hotel's clock", async ({ page }) => {
  // Alpine Lodge is in Zurich (UTC+1 or +2): a UTC timestamp would show the wrong hour.
  const { email, property: alpine } = await newStaff("alpine-lodge", "admin");
  const roomType = await e2eDb().roomType.findFirstOrThrow({ where: { propertyId: alpine.id }, orderBy: { name: "asc" } });
  const { checkin } = await ownStay(3);
  const { booking } = unlessRefused(await createBooking(e2eDb(), {
    property: alpine,
    actor: TEST_ACTOR,
    input: { roomTypeId: roomType.id, checkin, checkout: addDays(checkin, 3), adults: 1, guest: { firstName: "Clara", lastName: "Zeit", email: "clara.zeit@example.com" } },
  }));
  await signInAs(page, email);

  await page.goto("/bookings");
  const all = await e2eDb().booking.count({ where: { propertyId: alpine.id } });
  await expect(page.getByTestId("bookings-count")).toHaveText(`${all.toLocaleString("en-GB")} booking${all === 1 ? "" : "s"}`);

  await page.goto(`/bookings?status=confirmed&checkinFrom=${checkin}&checkinTo=${checkin}`);
  const selected = await e2eDb().booking.count({ where: { propertyId: alpine.id, status: "confirmed", checkin: new Date(`${checkin}T00:00:00Z`) } });
  await expect(page.getByTestId("bookings-count")).toHaveText(`${selected} booking${selected === 1 ? "" : "s"}`);
  const row = page.getByRole("row").filter({ hasText: booking.reference });
  await expect(row.getByRole("cell", { name: roomType.name })).toBeVisible();

  // At a phone's width every row is a card: reference, dates and status on screen, the stay on one line.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const text of [booking.reference, "confirmed"]) {
    const box = (await row.getByText(text, { exact: true }).boundingBox())!;
    expect(box.x + box.width, `${text} is on screen`).toBeLessThanOrEqual(390);
  }
  const stay = row.getByRole("cell").filter({ hasText: "→" });
  const lineHeight = await stay.evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight));
  expect((await stay.boundingBox())!.height, "the stay on one line").toBeLessThan(lineHeight * 1.8);

  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole("link", { name: booking.reference }).click();
  await expect(page.getByRole("heading", { name: `Booking ${booking.reference}` })).toBeVisible();
  const field = (label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(field("Room type")).toHaveText(roomType.name);
  const booked = new Intl.DateTimeFormat("en-GB", { timeZone: alpine.timezone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(booking.createdAt));
  await expect(field("Booked")).toHaveText(booked);
});
