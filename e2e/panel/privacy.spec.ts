import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { addDays } from "@/lib/dates/calendar-date";
import { propertyToday } from "@/lib/properties/property-today";
import { seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, openSession } from "../support/panel";

/**
 * Settings › Privacy (issue 40) on hotels of the tests' own: an admin sets the retention period,
 * finds a guest by e-mail in other capitals, exports their data as a JSON file and erases them
 * from the stays that have ended (asked first, naming how many; the stay not ended is refused and
 * named); a viewer sees no finder, and the export refuses a viewer's session.
 */
async function hotelWithGuest(name: string) {
  const db = e2eDb();
  const { property, roomTypes } = await seedProperty(db, { name, roomTypes: [{ name: "Garden Double", maxAdults: 2, rooms: 3, basePrice: 14_000 }] });
  const today = propertyToday(property);
  const guest = { firstName: "Liesl", lastName: `Brandauer${randomBytes(3).toString("hex")}`, email: `liesl.${randomBytes(3).toString("hex")}@example.com` };
  const book = async (offset: number) =>
    unlessRefused(
      await createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomTypes[0]!.id, checkin: addDays(today, offset), checkout: addDays(today, offset + 2), adults: 2, guest } }),
    ).booking;
  const cancelled = await book(4);
  unlessRefused(await cancelBooking(db, { property, actor: TEST_ACTOR, bookingId: cancelled.id }));
  const coming = await book(8);
  return { property, guest, cancelled, coming };
}

test("an admin sets the retention period, finds a guest, exports their data and erases the stay that has ended", async ({ page }) => {
  const { property, guest, cancelled, coming } = await hotelWithGuest("Privacy Admin Hotel");
  const { email: adminEmail } = await newStaff(property.slug, "admin");
  await openSession(page.context(), adminEmail);
  await page.goto("/overview");
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  await expect(page.getByTestId("retention-status")).toContainText("Guests are anonymised 24 months after their checkout. Next run: ");

  // The period: a month count out of range is refused beside it; 36 months is saved and in the history.
  await page.getByLabel("Months after checkout").fill("121");
  await page.getByRole("button", { name: "Save retention period" }).click();
  await expect(page.getByText("The retention period must be a whole number of months from 1 to 120, or off.")).toBeVisible();
  await expect(page.getByLabel("Months after checkout")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Months after checkout").fill("36");
  await page.getByRole("button", { name: "Save retention period" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText("Saved: guests are anonymised 36 months after their checkout.");
  await expect(page.getByTestId("retention-status")).toContainText("36 months");
  await expect(page.getByTestId("history")).toContainText(`${adminEmail} changed guest retention period 24 months → 36 months`);
  expect((await e2eDb().property.findUniqueOrThrow({ where: { id: property.id } })).guestRetentionMonths).toBe(36);

  // Found in any capitals: both bookings.
  await page.getByLabel("Guest's e-mail").fill(guest.email.toUpperCase());
  await page.getByRole("button", { name: "Find" }).click();
  const records = page.getByTestId("guest-records");
  await expect(records.getByRole("row")).toHaveCount(3);
  await expect(records).toContainText(cancelled.reference);
  await expect(records).toContainText(coming.reference);
  await expect(records).toContainText("Garden Double");
  expect(await seriousViolations(page), "privacy, a guest found").toEqual([]);

  // Export: a JSON file of both bookings, their history and e-mails.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export (JSON)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^guest-data-${property.slug}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported.email).toBe(guest.email);
  expect(exported.bookings.map((booking: { reference: string }) => booking.reference).sort()).toEqual([cancelled.reference, coming.reference].sort());
  expect(exported.bookings.find((booking: { reference: string }) => booking.reference === cancelled.reference).history.map((entry: { kind: string }) => entry.kind)).toEqual(["cancelled"]);

  // Erase asks first, naming how many; the stay not ended is refused and named.
  await page.getByRole("button", { name: "Erase…" }).click();
  await expect(page.getByRole("group", { name: /^Erase / })).toContainText(`Erase ${guest.email.toUpperCase()} from 2 bookings?`);
  await page.getByRole("button", { name: "Yes, erase" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erased" })).toHaveText(`Erased the guest from 1 booking: ${cancelled.reference}.`);
  await expect(page.getByRole("alert").filter({ hasText: "Not erased" })).toContainText(`${coming.reference} (check-out `);
  await expect(records.getByRole("row")).toHaveCount(2);
  await expect(records).toContainText(coming.reference);
  await expect(page.getByTestId("history")).toContainText(`${adminEmail} erased a guest from 1 booking in the panel`);
  await expect(page.getByTestId("history")).toContainText(`${adminEmail} exported a guest's data (2 bookings, 0 booking groups) in the panel`);
  expect(await e2eDb().booking.findUniqueOrThrow({ where: { id: cancelled.id } })).toMatchObject({ guestFirstName: "Anonymised", guestEmail: `anonymised-${cancelled.id}@invalid` });
  expect(await e2eDb().booking.findUniqueOrThrow({ where: { id: coming.id } })).toMatchObject({ guestLastName: guest.lastName, anonymisedAt: null });
});

test("a viewer sees the retention period but cannot find, export or erase a guest's data", async ({ page }) => {
  const { property, guest } = await hotelWithGuest("Privacy Viewer Hotel");
  const viewer = await newStaff(property.slug, "viewer");
  await openSession(page.context(), viewer.email);
  await page.goto("/settings/privacy");
  await expect(page.getByTestId("retention-status")).toContainText("24 months");
  await expect(page.getByText("You have view access: only admins can change the retention period.")).toBeVisible();
  await expect(page.getByTestId("privacy-view-only")).toHaveText("You have view access: only admins can find, export or erase a guest's data.");
  await expect(page.getByLabel("Guest's e-mail")).toHaveCount(0);
  expect(await seriousViolations(page), "privacy, viewer").toEqual([]);

  // The export route, posted with the viewer's session from the panel's own origin, is refused.
  const origin = new URL(page.url()).origin;
  const refused = await page.request.post("/settings/privacy/export", { form: { propertyId: property.id, email: guest.email }, headers: { origin } });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toBe("Only the property's admins can export a guest's data.");
  // Nor is a post from another site honoured, whoever is signed in.
  const crossSite = await page.request.post("/settings/privacy/export", { form: { propertyId: property.id, email: guest.email }, headers: { origin: "https://elsewhere.example" } });
  expect(crossSite.status()).toBe(403);
  expect(await e2eDb().auditEvent.count({ where: { propertyId: property.id, action: "guest_data_exported" } })).toBe(0);
});
