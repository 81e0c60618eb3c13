import { expect, test } from "@playwright/test";
import { createBooking } from "@/lib/bookings/create-booking";
import { e2eDb } from "../support/db";
import { newStaff, signIn } from "../support/panel";
import { addDays, partnerApi } from "../support/partner-api";

test("an admin cancels a booking in the panel, and the API then shows it cancelled", async ({ page, request }) => {
  const api = partnerApi(request);
  const today = (await (await api.get("/me")).json()).property.today as string;
  const roomTypes = (await (await api.get("/room-types")).json()).data as { id: string; name: string }[];
  const double = roomTypes.find((r) => r.name === "Double Room")!;
  const checkin = addDays(today, 200);
  const created = await api.post("/bookings", {
    roomTypeId: double.id,
    checkin,
    checkout: addDays(checkin, 2),
    adults: 2,
    guest: { firstName: "Panel", lastName: "Guest", email: "panel.guest@example.com" },
  });
  expect(created.status()).toBe(201);
  const booking = await created.json();

  const { email, password } = await newStaff("harbour-view-hotel", "admin");
  await signIn(page, email, password);
  await page.getByRole("link", { name: "Bookings" }).click();
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

test("staff of another property get 404 on this property's bookings, even by editing ids in the cancel form", async ({ page, request }) => {
  const api = partnerApi(request);
  const today = (await (await api.get("/me")).json()).property.today as string;
  const harbourRoom = ((await (await api.get("/room-types")).json()).data as { id: string }[])[0]!;
  const harbourBooking = await (
    await api.post("/bookings", { roomTypeId: harbourRoom.id, checkin: addDays(today, 210), checkout: addDays(today, 211), adults: 1, guest: { firstName: "Not", lastName: "Yours", email: "not.yours@example.com" } })
  ).json();

  // Alpine Lodge's own booking (a walk-in: the Free plan has no write API), to get a cancel form to tamper with.
  const { email, password, property: alpine } = await newStaff("alpine-lodge", "admin");
  const alpineRoom = await e2eDb().roomType.findFirstOrThrow({ where: { propertyId: alpine.id } });
  const { booking: alpineBooking } = await createBooking(e2eDb(), {
    property: alpine,
    apiKeyId: null,
    input: { roomTypeId: alpineRoom.id, checkin: addDays(today, 210), checkout: addDays(today, 211), adults: 1, guest: { firstName: "Walk", lastName: "In", email: "walk.in@example.com" } },
  });
  await signIn(page, email, password);

  expect((await page.goto(`/bookings/${harbourBooking.id}`))?.status()).toBe(404);

  for (const [field, value] of [["bookingId", harbourBooking.id], ["propertyId", (await (await api.get("/me")).json()).property.id]] as const) {
    await page.goto(`/bookings/${alpineBooking.id}`);
    await page.locator(`input[name="${field}"]`).evaluate((input, v) => ((input as HTMLInputElement).value = v), value);
    page.once("dialog", (dialog) => dialog.accept());
    const cancel = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    expect((await cancel).status(), `forged ${field}`).toBe(404);
  }

  expect((await (await api.get(`/bookings/${harbourBooking.id}`)).json()).status).toBe("confirmed");
  expect((await e2eDb().booking.findUniqueOrThrow({ where: { id: alpineBooking.id } })).status).toBe("confirmed");
});
