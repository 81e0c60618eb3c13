import { expect, test } from "@playwright/test";
import { bookingsOf, chooseRoom, fillGuest, newGuest, search } from "../support/site";
import { ownStay } from "../support/stays";

test("double-clicking Book, then sending the same form again, make exactly one booking", async ({ page, request }) => {
  const stay = await ownStay(2);
  const guest = newGuest("Carla");
  await chooseRoom(page, stay, 2, "Twin Room");
  await fillGuest(page, guest);
  const posted = page.waitForRequest((r) => r.method() === "POST");
  await page.getByRole("button", { name: "Book" }).dblclick();
  const post = await posted;
  await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();

  // The same server action request once more (a retry after a lost answer): it replays the booking.
  const again = await page.request.fetch(post);
  expect(again.status()).toBeLessThan(400);
  expect(again.headers()["x-action-redirect"]?.split(";")[0]).toBe(new URL(page.url()).pathname);
  expect(await bookingsOf(request, stay.checkin, guest.email)).toHaveLength(1);
});

test("Back, then Book for another guest, books a second room; the first guest's details again show the first booking", async ({ page, request }) => {
  const stay = await ownStay(1);
  const first = newGuest("Gil");
  const second = newGuest("Hana");
  await chooseRoom(page, stay, 1, "Double Room");
  const reference = async () => (await page.getByTestId("booking-reference").textContent())!.trim();
  const bookAs = async (guest: { firstName: string; lastName: string; email: string }) => {
    await fillGuest(page, guest);
    await page.getByRole("button", { name: "Book" }).click();
    await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
    return reference();
  };
  const firstReference = await bookAs(first);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  const secondReference = await bookAs(second);
  expect(secondReference).not.toBe(firstReference);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  expect(await bookAs(first)).toBe(firstReference);
  expect(await bookingsOf(request, stay.checkin, first.email)).toHaveLength(1);
  expect(await bookingsOf(request, stay.checkin, second.email)).toHaveLength(1);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest books and cancels with plain form posts", async ({ page, request }) => {
    const stay = await ownStay(2);
    const guest = newGuest("Dora");
    await page.goto("/");
    await search(page, stay, 3);
    await expect(page.getByRole("link", { name: /^Choose Family Suite, / })).toHaveCount(3); // only the suite holds 3 (an offer per rate plan)
    await expect(page.getByRole("link", { name: /^Choose/ })).toHaveCount(3);
    await page.getByRole("link", { name: "Choose Family Suite, Standard" }).click();
    await fillGuest(page, guest);
    await page.getByRole("button", { name: "Book" }).click();
    await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
    const reference = (await page.getByTestId("booking-reference").textContent())!.trim();
    await page.getByRole("link", { name: "Manage your booking" }).click();
    await page.getByRole("button", { name: "Cancel booking" }).click(); // no confirmation dialog without JavaScript
    await expect(page.getByRole("main").getByRole("status")).toHaveText("This booking is cancelled. You will not be charged.");
    const [booking] = await bookingsOf(request, stay.checkin, guest.email);
    expect(booking).toMatchObject({ reference, status: "cancelled", adults: 3 });
  });

  test("a resubmitted booking form replays the same booking instead of making a second", async ({ page, request }) => {
    const stay = await ownStay(1);
    const guest = newGuest("Eva");
    await chooseRoom(page, stay, 1, "Single Room");
    await fillGuest(page, guest);
    const posted = page.waitForRequest((r) => r.method() === "POST");
    await page.getByRole("button", { name: "Book" }).click();
    const post = await posted;
    await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();

    // The browser's "Confirm form resubmission": the very same request again.
    const again = await page.request.fetch(post);
    expect(again.ok()).toBe(true);
    expect(again.url()).toBe(page.url()); // the same confirmation page, so the same booking
    expect(await bookingsOf(request, stay.checkin, guest.email)).toHaveLength(1);
  });

  test("a form that already booked another stay says so, with links to Find your booking and a new search", async ({ page }) => {
    const stay = await ownStay(1);
    const guest = newGuest("Ines");
    await chooseRoom(page, stay, 1, "Single Room");
    const bookPage = page.url();
    await fillGuest(page, guest);
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();
    await page.getByRole("button", { name: "Book" }).click();
    await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();

    // The same form and guest for another night (its hidden stay fields changed): the API refuses the reused key.
    const later = await ownStay(1); // apart from the first stay, so that replacing its dates in the address is unambiguous
    await page.goto(bookPage.replace(stay.checkin, later.checkin).replace(stay.checkout, later.checkout));
    await page.locator('input[name="idempotencyKey"]').evaluate((input, value) => ((input as HTMLInputElement).value = value), key);
    await fillGuest(page, guest);
    await page.getByRole("button", { name: "Book" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("This form was already used to book another stay.");
    await expect(alert.getByRole("link", { name: "Find your booking" })).toHaveAttribute("href", "/find");
    await expect(alert.getByRole("link", { name: "Start a new search" })).toHaveAttribute("href", `/search?checkin=${later.checkin}&checkout=${later.checkout}&adults=1`);
  });

  test("guest details are checked beside each field; what was typed and the attempt's Idempotency-Key are kept", async ({ page }) => {
    const stay = await ownStay(1);
    await chooseRoom(page, stay, 1, "Single Room");
    const attemptKey = () => page.locator('input[name="idempotencyKey"]').inputValue();
    const before = await attemptKey();
    await fillGuest(page, { firstName: "Fay", lastName: " ", email: "not-an-address" });
    await page.getByRole("button", { name: "Book" }).click();
    await expect(page.locator("#lastName-error")).toHaveText("Must not be empty.");
    await expect(page.locator("#email-error")).toHaveText("Must be an e-mail address.");
    await expect(page.getByLabel("First name")).toHaveValue("Fay");
    await expect(page.getByLabel("E-mail address")).toHaveValue("not-an-address");
    expect(await attemptKey()).toBe(before); // the page was rendered anew, but the attempt keeps its Idempotency-Key
  });
});
