import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { addDays } from "@/lib/dates/calendar-date";
import { propertyToday } from "@/lib/properties/property-today";
import { seedProperty } from "@/prisma/factories";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";
import { partnerApi } from "../support/partner-api";
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
  // A lodge of the test's own, so that what the list counts is known exactly (a shared hotel gets
  // other tests' bookings meanwhile), in Zurich (UTC+1 or +2): a UTC timestamp would show the wrong hour.
  const { property: lodge, roomTypes } = await seedProperty(e2eDb(), {
    name: `Zeit Lodge ${randomBytes(3).toString("hex")}`,
    timezone: "Europe/Zurich",
    currency: "CHF",
    roomTypes: [
      { name: "Mountain Double", maxAdults: 2, rooms: 5, basePrice: 18_000 },
      { name: "Chalet Suite", maxAdults: 4, rooms: 3, basePrice: 34_000 },
    ],
  });
  const [roomType, other] = [roomTypes.find((r) => r.name === "Chalet Suite")!, roomTypes.find((r) => r.name === "Mountain Double")!];
  const { email } = await newStaff(lodge.slug, "admin");
  const checkin = addDays(propertyToday(lodge), 30);
  const book = async (roomTypeId: string, from: string, firstName: string) =>
    unlessRefused(await createBooking(e2eDb(), {
      property: lodge,
      actor: TEST_ACTOR,
      input: { roomTypeId, checkin: from, checkout: addDays(from, 3), adults: 1, guest: { firstName, lastName: "Zeit", email: `${firstName.toLowerCase()}.zeit@example.com` } },
    })).booking;
  // Three bookings: the one the filters select, one arriving another day, one cancelled arriving the same day.
  const booking = await book(roomType.id, checkin, "Clara");
  await book(other.id, addDays(checkin, 1), "Dora");
  const cancelled = await book(other.id, checkin, "Emil");
  unlessRefused(await cancelBooking(e2eDb(), { property: lodge, bookingId: cancelled.id, actor: TEST_ACTOR }));
  await signInAs(page, email);

  await page.goto("/bookings");
  await expect(page.getByTestId("bookings-count")).toHaveText("3 bookings");

  await page.goto(`/bookings?status=confirmed&checkinFrom=${checkin}&checkinTo=${checkin}`);
  await expect(page.getByTestId("bookings-count")).toHaveText("1 booking");
  await expect(page.getByRole("row").filter({ hasText: cancelled.reference })).toHaveCount(0);
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
  const booked = new Intl.DateTimeFormat("en-GB", { timeZone: lodge.timezone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(booking.createdAt));
  await expect(field("Booked")).toHaveText(booked);
});
