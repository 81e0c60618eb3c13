import { expect, test, type Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { seriousViolations } from "../support/axe";
import { chooseChildren } from "../support/family";
import { newStaff, signInAs } from "../support/panel";
import { partnerApi } from "../support/partner-api";
import { ownStay } from "../support/stays";

/**
 * Children at the desk (issue 37): a booking's children and their ages on its page and in the
 * list, changed with the Change form, and a new booking for a family. The demo hotel's Family
 * Suite takes three children; a child of 3 to 11 adds €15.00 a night.
 */

/** A row of the booking page's facts: its value. */
const fact = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`);

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("staff change a booking's children: the form asks the new child's age, the preview prices it, and the page and list show the family", async ({ page, request }) => {
    const api = partnerApi(request);
    const suite = ((await (await api.get("/room-types")).json()).data as { id: string; name: string }[]).find((r) => r.name === "Family Suite")!;
    const stay = await ownStay(2);
    const email = `family.${randomBytes(3).toString("hex")}@example.com`;
    const created = await api.post("/bookings", { roomTypeId: suite.id, ...stay, adults: 2, childrenAges: [4], guest: { firstName: "Sofia", lastName: "Costa", email } });
    expect(created.status()).toBe(201);
    const booking = (await created.json()) as { id: string; reference: string; price: { amount: number } };

    const { email: staffEmail } = await newStaff("harbour-view-hotel", "admin");
    await signInAs(page, staffEmail);
    await page.goto(`/bookings/${booking.id}`);
    await expect(fact(page, "Guests")).toHaveText("2 adults, 1 child (4)");
    await expect(fact(page, "Price includes")).toHaveText("Child ×1, €15.00 a night each");

    const change = page.getByRole("region", { name: "Change" });
    await expect(change.getByLabel("Children", { exact: true })).toHaveValue("1");
    await expect(change.getByLabel("Age of child 1")).toHaveValue("4");
    // A second child: without JavaScript the form comes back with its age select, asking for it.
    await change.getByLabel("Children", { exact: true }).selectOption("2");
    await change.getByRole("button", { name: "Preview change" }).click();
    await expect(change.getByLabel("Age of child 2")).toHaveAccessibleDescription("Choose the age of child 2.");
    await expect(change.getByRole("alert")).toHaveText("Check the highlighted fields.");

    await change.getByLabel("Age of child 2").selectOption("9");
    await change.getByRole("button", { name: "Preview change" }).click();
    const preview = change.getByRole("region", { name: "Preview of the change" });
    await expect(preview.getByRole("row", { name: /^Children/ })).toHaveText("Children (ages)1 (4)2 (4, 9)");
    const after = booking.price.amount + 2 * 1_500;
    await expect(change.getByTestId("change-price")).toHaveText(`New price €${(after / 100).toFixed(2)} (now €${(booking.price.amount / 100).toFixed(2)}): + €30.00.`);
    await change.getByRole("button", { name: "Confirm change" }).click();
    await expect(change.getByRole("status")).toContainText("The booking is changed.");

    await page.goto(`/bookings/${booking.id}`);
    await expect(fact(page, "Guests")).toHaveText("2 adults, 2 children (4, 9)");
    await expect(fact(page, "Price includes")).toHaveText("Child ×2, €15.00 a night each");
    await expect(page.getByRole("region", { name: "History" }).getByRole("listitem").filter({ hasText: `Changed by ${staffEmail}` })).toContainText("Children (ages): 1 (4) → 2 (4, 9)");
    expect(await (await api.get(`/bookings/${booking.id}`)).json()).toMatchObject({ adults: 2, childrenAges: [4, 9], price: { amount: after } });

    await page.goto(`/bookings?checkinFrom=${stay.checkin}&checkinTo=${stay.checkin}`);
    await expect(page.getByRole("row").filter({ hasText: booking.reference })).toContainText("2 adults, 2 children (4, 9)");
  });
});

test("a receptionist books a family: the search takes the children's ages, only room types taking them are offered, with the children's price", async ({ page, request }) => {
  const stay = await ownStay(1);
  const { email } = await newStaff("harbour-view-hotel", "admin");
  await signInAs(page, email);
  await page.goto("/bookings/new");
  await page.getByLabel("Check-in").fill(stay.checkin);
  await page.getByLabel("Check-out").fill(stay.checkout);
  await page.getByLabel("Adults").fill("2");
  await chooseChildren(page, [4, 9]);
  await page.getByRole("button", { name: "Search" }).click();
  const offers = page.getByRole("region", { name: "Room types free for the stay" });
  await expect(offers).toContainText("1 night · 2 adults, 2 children (4, 9)");
  await expect(offers.getByRole("heading", { name: "Double Room" })).toHaveCount(0);
  await offers.getByRole("link", { name: "Choose Family Suite, Standard" }).click();
  await expect(page.getByTestId("desk-includes")).toHaveText("Includes: Child ×2, €15.00 a night each");
  expect(await seriousViolations(page), "new booking for a family").toEqual([]);

  const guest = { firstName: "Tomás", lastName: "Reis", email: `tomas.${randomBytes(3).toString("hex")}@example.com` };
  await page.getByLabel("First name").fill(guest.firstName);
  await page.getByLabel("Last name").fill(guest.lastName);
  await page.getByLabel("E-mail").fill(guest.email);
  await page.getByRole("button", { name: "Create booking" }).click();
  await expect(page).toHaveURL(/\/bookings\/bk_[a-z0-9]{20}$/);
  await expect(fact(page, "Guests")).toHaveText("2 adults, 2 children (4, 9)");
  // The Change form with a child more, whose age is not chosen yet: asked beside its select.
  const change = page.getByRole("region", { name: "Change" });
  await change.getByLabel("Children", { exact: true }).selectOption("3");
  await change.getByRole("button", { name: "Preview change" }).click();
  await expect(change.getByLabel("Age of child 3")).toHaveAccessibleDescription("Choose the age of child 3.");
  expect(await seriousViolations(page), "a family's booking page, a child's age asked").toEqual([]);
  const bookingId = page.url().split("/").pop()!;
  expect(await (await partnerApi(request).get(`/bookings/${bookingId}`)).json()).toMatchObject({ source: "desk", adults: 2, childrenAges: [4, 9] });

  // In the bookings list: a family's desk booking, scanned as staff see it.
  await page.goto(`/bookings?checkinFrom=${stay.checkin}&checkinTo=${stay.checkin}`);
  const row = page.getByRole("row").filter({ hasText: guest.lastName });
  await expect(row).toContainText("2 adults, 2 children (4, 9)");
  await expect(row).toContainText(`Desk · ${email}`);
  expect(await seriousViolations(page), "the bookings list with a family's desk booking").toEqual([]);
});
