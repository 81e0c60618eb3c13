import { expect, test } from "@playwright/test";
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
