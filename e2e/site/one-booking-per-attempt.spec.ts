import { expect, test } from "@playwright/test";
import { bookingsOf, chooseRoom, fillGuest, newGuest, search, stayAt } from "../support/site";

test("double-clicking Book, then sending the same form again, make exactly one booking", async ({ page, request }) => {
  const stay = await stayAt(request, 410, 2);
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

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest books and cancels with plain form posts", async ({ page, request }) => {
    const stay = await stayAt(request, 420, 2);
    const guest = newGuest("Dora");
    await page.goto("/");
    await search(page, stay, 3);
    await expect(page.getByRole("link", { name: /^Choose/ })).toHaveCount(1); // only the suite holds 3
    await page.getByRole("link", { name: "Choose Family Suite" }).click();
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
    const stay = await stayAt(request, 425, 1);
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

  test("guest details are checked beside each field; what was typed and the attempt's Idempotency-Key are kept", async ({ page, request }) => {
    const stay = await stayAt(request, 426, 1);
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
