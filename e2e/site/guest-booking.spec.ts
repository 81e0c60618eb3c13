import { expect, test } from "@playwright/test";
import { partnerApi } from "../support/partner-api";
import { bookingsOf, fillGuest, newGuest, search, snap } from "../support/site";
import { ownStay } from "../support/stays";

test("a guest searches, chooses, books, sees the confirmation, manages and cancels; the API then shows it cancelled", async ({ page, request }) => {
  const stay = await ownStay(3);
  const guest = newGuest();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Harbour View Hotel" })).toBeVisible();
  await snap(page, "1-home");
  await search(page, stay, 2);

  const offers = page.getByRole("list", { name: "Available rooms" }).getByRole("listitem").filter({ has: page.getByRole("heading") });
  await expect(offers.first()).toBeVisible();
  const names = await offers.getByRole("heading").allTextContents();
  expect(names).toEqual(expect.arrayContaining(["Double Room", "Twin Room", "Family Suite"]));
  expect(names).not.toContain("Single Room"); // sleeps one
  // Room types cheapest first, by their own price (the Standard offer's).
  const standard = offers.getByRole("listitem").filter({ hasText: "Standard" });
  const totals = (await standard.getByTestId("offer-total").allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, "")));
  expect(totals).toHaveLength(names.length);
  expect(totals).toEqual([...totals].sort((a, b) => a - b));
  const double = offers.filter({ hasText: "Double Room" });
  await expect(double).toContainText("Sleeps up to 2 adults");
  // Each offer (one per rate plan) has its nights' prices: the Standard one's.
  const doubleStandard = double.getByRole("listitem").filter({ hasText: "Standard" });
  await doubleStandard.getByText("Price of each night").click();
  const nights = doubleStandard.getByRole("table", { name: "Price of each night" });
  await expect(nights.getByRole("row")).toHaveCount(4); // a header, then one night a row
  // Each night's date and amount apart on one line, the amounts' right edges in one column.
  const layout = await nights.locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => {
      const [date, amount] = [...row.querySelectorAll("td")].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect();
      });
      return { gap: amount!.left - date!.right, sameLine: Math.abs(amount!.top - date!.top) < 2, right: Math.round(amount!.right) };
    }),
  );
  for (const night of layout) expect(night).toMatchObject({ sameLine: true, gap: expect.any(Number) });
  expect(Math.min(...layout.map((n) => n.gap))).toBeGreaterThanOrEqual(16);
  expect(new Set(layout.map((n) => n.right)).size).toBe(1);
  await snap(page, "2-results");

  await double.getByRole("link", { name: "Choose Double Room, Standard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await fillGuest(page, guest);
  await snap(page, "3-guest-details");
  await page.getByRole("button", { name: "Book" }).click();

  await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
  const reference = (await page.getByTestId("booking-reference").textContent())!.trim();
  expect(reference).toMatch(/^HVH-[A-Z0-9]{6}$/);
  await expect(page.getByTestId("booking-price")).toHaveText(`€${totals[names.indexOf("Double Room")]!.toFixed(2)}`);
  await snap(page, "4-confirmation");

  const [booking] = await bookingsOf(request, stay.checkin, guest.email);
  expect(booking).toMatchObject({ reference, status: "confirmed", checkin: stay.checkin, checkout: stay.checkout, adults: 2, guest });

  await page.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page).toHaveURL(/\/manage\//);
  await expect(page.getByTestId("booking-reference")).toHaveText(reference);
  await snap(page, "5-manage");
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("This booking is cancelled. You will not be charged.");
  await page.reload();
  await expect(page.getByRole("definition").filter({ hasText: /^Cancelled/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await snap(page, "6-cancelled");

  const after = await (await partnerApi(request).get(`/bookings/${booking.id}`)).json();
  expect(after).toMatchObject({ status: "cancelled" });
  expect(after.cancelledAt).not.toBeNull();
});

test("Find your booking opens the manage page with the reference and e-mail address, and nothing with a wrong one", async ({ page, request }) => {
  const stay = await ownStay(1);
  const guest = newGuest("Bea");
  const roomTypes = (await (await partnerApi(request).get("/room-types")).json()).data as { id: string; name: string }[];
  const created = await (
    await partnerApi(request).post("/bookings", { roomTypeId: roomTypes.find((r) => r.name === "Twin Room")!.id, ...stay, adults: 1, guest })
  ).json();

  await page.goto("/");
  await page.getByRole("link", { name: "Find your booking" }).click();
  await page.getByLabel("Booking reference").fill(created.reference);
  await page.getByLabel("E-mail address").fill("someone.else@example.com");
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("We found no booking with that reference and e-mail address. Check both and try again.");

  await page.getByLabel("Booking reference").fill(created.reference.toLowerCase());
  await page.getByLabel("E-mail address").fill(guest.email.toUpperCase());
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page).toHaveURL(/\/manage\//);
  await expect(page.getByTestId("booking-reference")).toHaveText(created.reference);
  await expect(page.getByText("Twin Room")).toBeVisible();
});

test("a manage link opens nothing with a bare booking id or a forged signature", async ({ page, request }) => {
  const stay = await ownStay(1);
  const roomTypes = (await (await partnerApi(request).get("/room-types")).json()).data as { id: string }[];
  const created = await (await partnerApi(request).post("/bookings", { roomTypeId: roomTypes[0]!.id, ...stay, adults: 1, guest: newGuest() })).json();
  expect((await page.goto(`/manage/${created.id}`))?.status()).toBe(404);
  expect((await page.goto(`/manage/${created.id}.${"A".repeat(43)}`))?.status()).toBe(404);
  expect((await page.goto(`/confirmation/${created.id}`))?.status()).toBe(404);
});

test("bad searches are explained in plain words beside the field: past dates, check-out before check-in, too many adults", async ({ page }) => {
  const stay = await ownStay(2);
  await page.goto(`/search?checkin=2020-01-10&checkout=2020-01-12&adults=2`);
  await expect(page.locator("#checkin-error")).toContainText("or later");
  await expect(page.getByLabel("Check-in")).toHaveAttribute("aria-invalid", "true");

  await page.goto(`/search?checkin=${stay.checkout}&checkout=${stay.checkin}&adults=2`);
  await expect(page.locator("#checkout-error")).toHaveText("Must be after the check-in date.");

  await page.goto("/search?checkin=&checkout=&adults=2");
  await expect(page.locator("#checkin-error")).toHaveText("Choose a check-in date.");

  await page.goto(`/search?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=6`);
  await expect(page.getByRole("main").getByRole("status")).toContainText("Our largest room sleeps 4 adults");
});

test("site pages send security headers, and no Referer leaves with a manage link's token", async ({ request }) => {
  for (const path of ["/", "/find", "/search?checkin=&checkout=&adults=2"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["referrer-policy"], path).toBe("same-origin");
  }
});
