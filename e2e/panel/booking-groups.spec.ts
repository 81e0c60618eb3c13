import { expect, test, type APIRequestContext } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { propertyToday } from "@/lib/properties/property-today";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, openSession, signInAs } from "../support/panel";
import { addDays, partnerApi } from "../support/partner-api";

/**
 * Booking groups at the desk (issue 38): a room's page shows its group, the booker and the
 * sibling rooms (each linked); the bookings list links a room to its group's rooms and lists
 * them together; the desk books several rooms at once.
 */

/**
 * A hotel of the test's own, so that its calendar and its bookings list hold the test's bookings
 * alone: a Family Suite for a family (up to three children) and a Double Room (one child), the
 * children's bands (the demo hotel's: a child of 3–11 €15.00 a night), and the partner API with a
 * write key of its own.
 */
async function groupHotel(request: APIRequestContext) {
  const db = e2eDb();
  const { property, roomTypes } = await seedProperty(db, {
    name: `Group Hotel ${randomBytes(3).toString("hex")}`,
    roomTypes: [
      { name: "Family Suite", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, rooms: 3, basePrice: 26_000 },
      { name: "Double Room", maxAdults: 2, maxChildren: 1, maxOccupancy: 3, rooms: 10, basePrice: 12_000 },
    ],
  });
  const bands = [
    { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
    { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
    { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
  ];
  await setChildAgeBands(db, { propertyId: property.id, bands, actor: TEST_ACTOR });
  const { key } = await seedApiKey(db, property.id, "write", "Group partner");
  return { slug: property.slug, suite: roomTypes[0]!, double: roomTypes[1]!, today: propertyToday(property), api: partnerApi(request, key) };
}

test("a room's page shows its booking group with the sibling rooms, and the list shows the group's rooms together", async ({ page, request }) => {
  const { slug, suite, double, today, api } = await groupHotel(request);
  const checkin = addDays(today, 30);
  const last = `Group${randomBytes(3).toString("hex")}`;
  const made = await api.post("/booking-groups", {
    booker: { firstName: "Marta", lastName: last, email: `${last.toLowerCase()}@example.com` },
    rooms: [
      { roomTypeId: suite.id, adults: 2, childrenAges: [7] },
      { roomTypeId: double.id, adults: 2, guest: { firstName: "Paulo", lastName: last, email: `paulo.${last.toLowerCase()}@example.com` } },
    ],
    checkin,
    checkout: addDays(checkin, 2),
  });
  expect(made.status(), await made.text()).toBe(201);
  const group = (await made.json()) as { id: string; reference: string; bookings: { id: string; reference: string }[] };
  const [first, second] = group.bookings;

  const { email } = await newStaff(slug, "viewer");
  await signInAs(page, email);
  await page.goto(`/bookings/${first!.id}`);
  const section = page.getByTestId("booking-group");
  await expect(section.getByRole("heading", { name: `Booking group ${group.reference}` })).toBeVisible();
  await expect(section).toContainText(`2 rooms booked together by Marta ${last}`);
  await expect(section.locator("tbody tr")).toHaveCount(2);
  await expect(section.locator("tbody tr").first()).toContainText("2 adults, 1 child (7)");
  await expect(section.getByText(`${first!.reference} (this booking)`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await section.getByRole("link", { name: second!.reference }).click();
  await expect(page.getByRole("heading", { name: `Booking ${second!.reference}` })).toBeVisible();
  await expect(page.getByTestId("booking-group").getByRole("link", { name: first!.reference })).toBeVisible();

  await page.goto(`/bookings?q=${last}`);
  await expect(page.getByTestId("bookings-count")).toHaveText("2 bookings");
  // The list with a booking group in it, one of its rooms a family's, scanned as staff see it.
  await expect(page.locator("tbody tr").filter({ hasText: "2 adults, 1 child (7)" })).toHaveCount(1);
  expect(await seriousViolations(page), "the bookings list with a booking group and a family").toEqual([]);
  // The link says "its group's rooms" on screen: its name starts with those words (what a voice user says), then names the room.
  await page.getByRole("link", { name: `its group's rooms (the rooms booked with ${first!.reference})`, exact: true }).click();
  await expect(page.getByTestId("group-filter")).toBeVisible();
  await expect(page.getByTestId("bookings-count")).toHaveText("2 bookings");
  await expect(page.locator("tbody tr")).toHaveCount(2);
  expect(await seriousViolations(page), "a booking group's rooms").toEqual([]);
  // A group link that names no group says so, and leads back to every booking.
  await page.goto("/bookings?group=grp_nope");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That link names no booking group: show every booking instead.");
  await page.getByTestId("group-filter").getByRole("link", { name: "Show every booking" }).click();
  await expect(page.getByTestId("bookings-count")).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a receptionist books two rooms at once for a family: each room's party and room type, the booker's details, one group", async ({ page, browser, request }) => {
    const { slug, today, api } = await groupHotel(request);
    const checkin = addDays(today, 30);
    const { email } = await newStaff(slug, "admin");
    await signInAs(page, email);
    await page.goto("/bookings/new");
    await page.getByLabel("Check-in").fill(checkin);
    await page.getByLabel("Check-out").fill(addDays(checkin, 1));
    await page.getByLabel("Rooms", { exact: true }).selectOption("2");
    await page.getByRole("button", { name: "Search" }).click();
    const room2 = page.getByRole("group", { name: "Room 2", exact: true });
    await page.getByRole("group", { name: "Room 1", exact: true }).getByLabel("Children", { exact: true }).selectOption("1");
    await room2.getByLabel("Adults").fill("1");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("group", { name: "Room 1", exact: true }).getByLabel("Age of child 1").selectOption("7");
    await page.getByRole("button", { name: "Search" }).click();

    const offers = page.getByRole("region", { name: "Choose each room" });
    await offers.getByRole("group", { name: "Room 1: 2 adults, 1 child (7)" }).getByRole("radio", { name: /^Family Suite · Standard/ }).check();
    await offers.getByRole("group", { name: "Room 2: 1 adult" }).getByRole("radio", { name: /^Double Room · Standard/ }).check();
    await offers.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("desk-room")).toHaveCount(2);
    await expect(page.getByTestId("desk-room").nth(1)).toContainText("Room 2: Double Room");

    const last = `Desk${randomBytes(3).toString("hex")}`;
    await page.getByLabel("First name").fill("Marta");
    await page.getByLabel("Last name").fill(last);
    await page.getByLabel("E-mail").fill(`${last.toLowerCase()}@example.com`);
    await page.getByRole("button", { name: "Book 2 rooms" }).click();
    await expect(page).toHaveURL(/\/bookings\/bk_[a-z0-9]{20}$/);
    const section = page.getByTestId("booking-group");
    await expect(section).toContainText(`2 rooms booked together by Marta ${last}`);
    const bookingId = page.url().split("/").pop()!;
    const booking = await (await api.get(`/bookings/${bookingId}`)).json();
    expect(booking).toMatchObject({ source: "desk", adults: 2, childrenAges: [7] });
    const group = await (await api.get(`/booking-groups/${booking.groupId}`)).json();
    expect(group.bookings.map((b: { adults: number; childrenAges: number[]; source: string }) => [b.adults, b.childrenAges, b.source])).toEqual([[2, [7], "desk"], [1, [], "desk"]]);

    // The hotel's bookings list holds the two rooms: desk bookings, one booking group, a family in
    // one room. Scanned with JavaScript on, which axe needs to run in the page.
    const scanning = await browser.newContext({ javaScriptEnabled: true });
    try {
      const list = await scanning.newPage();
      await openSession(scanning, email);
      await list.goto("/bookings");
      const rows = list.locator("tbody tr");
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: "Desk · " })).toHaveCount(2);
      await expect(rows.filter({ hasText: "2 adults, 1 child (7)" })).toHaveCount(1);
      expect(await seriousViolations(list), "the bookings list with a desk booking group and a family").toEqual([]);
      await expect(rows.getByRole("link", { name: /^its group's rooms/ })).toHaveCount(2);
    } finally {
      await scanning.close();
    }
  });
});
