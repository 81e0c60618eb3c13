import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { propertyToday } from "@/lib/properties/property-today";
import { seedBooking, seedProperty, seedStaff } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { signInAs } from "../support/panel";
import { addDays } from "../support/partner-api";

/**
 * The front desk finds a guest: a hotel of its own (so what a search finds is known exactly),
 * a guest with two stays booked with the same e-mail in different capitals, another guest, and
 * another hotel's booking by the same guest that must never show.
 */
async function frontDesk() {
  const tag = randomBytes(3).toString("hex");
  const hotel = await seedProperty(e2eDb(), { name: `Quayside Inn ${tag}`, roomTypes: [{ name: "Harbour Double", maxAdults: 2, rooms: 5, basePrice: 12_000 }] });
  const elsewhere = await seedProperty(e2eDb(), { name: `Other Inn ${tag}` });
  const today = propertyToday(hotel.property);
  const lastName = `Quintanilha${tag}`;
  const book = (property: typeof hotel, checkin: string, email: string, firstName = "Ana") =>
    seedBooking(e2eDb(), property.property, { roomTypeId: property.roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), guest: { firstName, lastName, email }, madeAt: new Date() });
  const arrival = await book(hotel, today, `ana.${tag}@example.com`);
  const later = await book(hotel, addDays(today, 30), `Ana.${tag}@Example.com`);
  const other = await book(hotel, addDays(today, 5), `bruno.${tag}@example.com`, "Bruno");
  const theirs = await book(elsewhere, addDays(today, 7), `ana.${tag}@example.com`);
  const email = `desk-${tag}@quayside.example`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  await seedStaff(e2eDb(), hotel.property.id, { email, role: "viewer", password });
  return { lastName, arrival, later, other, theirs, email, password };
}

async function search(page: Page, q: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(q);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/%20/g, "\\+")}`));
}

const references = (page: Page) => page.getByRole("row").getByRole("link").allInnerTexts();

test("staff find a booking by the guest's name and by the start of its reference, and the booking page lists the guest's other stay", async ({ page }) => {
  const { lastName, arrival, later, other, theirs, email } = await frontDesk();
  await signInAs(page, email);
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Bookings" }).click();

  await search(page, lastName.toUpperCase());
  await expect(page.getByTestId("bookings-count")).toHaveText("3 bookings");
  expect((await references(page)).sort()).toEqual([arrival.reference, later.reference, other.reference].sort());

  await search(page, `ana ${lastName.slice(0, 6)}`);
  await expect(page.getByTestId("bookings-count")).toHaveText("2 bookings");
  expect(await references(page)).toEqual([later.reference, arrival.reference]);
  expect(await seriousViolations(page)).toEqual([]);

  // The start of a reference, combined with a filter; the other hotel's bookings never show.
  await search(page, arrival.reference.slice(0, -2).toLowerCase());
  await expect(page.getByTestId("bookings-count")).toHaveText("1 booking");
  await page.getByLabel("Status").selectOption("cancelled");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`No bookings match “${arrival.reference.slice(0, -2).toLowerCase()}” with these filters.`)).toBeVisible();
  await search(page, theirs.reference);
  await expect(page.getByTestId("bookings-count")).toHaveText("0 bookings");

  await page.getByLabel("Status").selectOption("");
  await search(page, `${lastName} ana@`);
  await expect(page.getByText(/^No bookings match/)).toBeVisible();
  await search(page, `ana.${lastName.slice(-6)}@`);
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  await expect(page.getByTestId("bookings-count")).toHaveText("3 bookings");

  await search(page, lastName);
  await page.getByRole("link", { name: arrival.reference }).click();
  await expect(page.getByRole("heading", { name: `Booking ${arrival.reference}` })).toBeVisible();
  const section = page.getByRole("region", { name: "Other bookings by this guest" });
  await expect(section.getByRole("row")).toHaveCount(2); // the header and the guest's later stay
  expect(await seriousViolations(page)).toEqual([]);
  await expect(section.getByRole("row").nth(1)).toContainText("Harbour Double");
  await expect(section.getByRole("row").nth(1)).toContainText("confirmed");
  await section.getByRole("link", { name: later.reference }).click();
  await expect(page.getByRole("heading", { name: `Booking ${later.reference}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Other bookings by this guest" }).getByRole("link", { name: arrival.reference })).toBeVisible();

  await page.goto(`/bookings/${other.id}`);
  await expect(page.getByRole("region", { name: "Other bookings by this guest" })).toContainText("No other bookings by this guest.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search is a plain form: it finds the guest and keeps the filters", async ({ page }) => {
    const { lastName, later, email } = await frontDesk();
    await signInAs(page, email);
    await page.goto(`/bookings?checkinFrom=${later.checkin}`);
    await search(page, lastName);
    await expect(page).toHaveURL(new RegExp(`checkinFrom=${later.checkin}`));
    await expect(page.getByTestId("bookings-count")).toHaveText("1 booking");
    expect(await references(page)).toEqual([later.reference]);
    // Too long a search is refused beside the field.
    await page.goto(`/bookings?q=${"x".repeat(301)}`);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveAccessibleDescription(/Must be at most 300 characters/);
  });
});

test("an arrival on the overview links to its booking's page", async ({ page }) => {
  const { arrival, email } = await frontDesk();
  await signInAs(page, email);
  await page.getByTestId("arrivals").getByRole("link", { name: arrival.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${arrival.id}$`));
  await expect(page.getByRole("heading", { name: `Booking ${arrival.reference}` })).toBeVisible();
  await page.goBack();
  await page.getByTestId("in-house").getByRole("link", { name: arrival.reference }).click();
  await expect(page.getByRole("heading", { name: `Booking ${arrival.reference}` })).toBeVisible();
});
