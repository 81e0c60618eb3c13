import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { expect, test, type Page } from "@playwright/test";
import { createBooking } from "@/lib/bookings/create-booking";
import { formatPriceDifference } from "@/lib/money/price-difference";
import { setRates } from "@/lib/rates/set-rates";
import { formatMoney } from "@/components/booking-widget/format";
import { guestWords } from "@/lib/i18n/guest-words";

const formatStayDate = guestWords("en").stayDate;
import { e2eDb } from "../support/db";
import { addDays, partnerApi } from "../support/partner-api";
import { bookingsOf, bookThroughApi, chooseRoom, fillGuest, hotelToday, manageLink, newGuest, snap } from "../support/site";
import { ownStay } from "../support/stays";

/** The guest changes dates or adults on the manage page: a preview with the new price, then Confirm change (issue 20). */

async function seeNewPrice(page: Page, change: { checkin?: string; checkout?: string; adults?: number }) {
  if (change.checkin) await page.getByLabel("Check-in").fill(change.checkin);
  if (change.checkout) await page.getByLabel("Check-out").fill(change.checkout);
  if (change.adults) await page.getByLabel("Adults").fill(String(change.adults));
  await page.getByRole("button", { name: "See the new price" }).click();
}

const preview = (page: Page) => page.getByRole("region", { name: "Your booking after the change" });

/** The booking's history rows and booking.changed events: one of each per change made. */
async function changesOf(bookingId: string) {
  const [history, events] = await Promise.all([
    e2eDb().bookingHistoryEntry.count({ where: { bookingId, kind: "changed" } }),
    e2eDb().event.count({ where: { bookingId, type: "booking.changed" } }),
  ]);
  return { history, events };
}

async function getBooking(request: Parameters<typeof partnerApi>[0], id: string) {
  return (await partnerApi(request).get(`/bookings/${id}`)).json();
}

test("a guest books, opens the manage page, moves the stay and adds a night: the new price and its difference first, then the changed booking", async ({ page, request }) => {
  const stay = await ownStay(2);
  const guest = newGuest("Lia");
  await chooseRoom(page, stay, 2, "Double Room");
  await fillGuest(page, guest);
  await page.getByRole("button", { name: "Book" }).click();
  // The confirmation says what the manage page does: change too, not only view or cancel.
  await expect(page.getByText("(view, change or cancel it; keep this link private)")).toBeVisible();
  await page.getByRole("link", { name: "Manage your booking" }).click();
  const [before] = await bookingsOf(request, stay.checkin, guest.email);

  await page.getByRole("link", { name: "Change dates or guests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Change your booking" })).toBeVisible();
  await expect(page.getByLabel("Check-in")).toHaveValue(stay.checkin);
  await expect(page.getByLabel("Check-out")).toHaveValue(stay.checkout);
  await expect(page.getByLabel("Adults")).toHaveValue("2");
  await snap(page, "1-change-form");

  const later = { checkin: addDays(stay.checkin, 1), checkout: addDays(stay.checkout, 2) };
  await seeNewPrice(page, later);
  await expect(preview(page)).toContainText(`${formatStayDate(later.checkin)} → ${formatStayDate(later.checkout)} · 3 nights · 2 adults`);
  await expect(preview(page).getByRole("table", { name: "Price of each night" }).locator("tbody tr")).toHaveCount(3);
  const newTotal = (await preview(page).getByTestId("new-price").textContent())!;
  await expect(preview(page).getByTestId("current-price")).toHaveText(formatMoney(before.price));
  const difference = (await preview(page).getByTestId("price-difference").textContent())!;
  expect((await getBooking(request, before.id)).checkin).toBe(stay.checkin); // a preview changes nothing
  await snap(page, "2-preview");

  await preview(page).getByRole("button", { name: "Confirm change" }).click();
  await expect(page).toHaveURL(/\/manage\/[^/]+\?changed=1$/);
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your booking has been changed");
  await expect(page.getByTestId("booking-price")).toHaveText(newTotal);
  await expect(page.getByRole("main")).toContainText(`${formatStayDate(later.checkin)} → ${formatStayDate(later.checkout)} · 3 nights`);
  await snap(page, "3-changed");

  const after = await getBooking(request, before.id);
  expect(after).toMatchObject({ ...later, nights: 3, adults: 2, status: "confirmed", reference: before.reference });
  expect(formatMoney(after.price)).toBe(newTotal);
  expect(difference).toBe(formatPriceDifference(after.price, before.price) ?? "Same price");
  expect(await changesOf(before.id)).toEqual({ history: 1, events: 1 });
});

test("a double click on Confirm change, and the same confirmation sent again, change the booking once", async ({ page, request }) => {
  const stay = await ownStay(2);
  const booking = await bookThroughApi(request, "Twin Room", stay, 2);
  await page.goto(`${manageLink(booking.id)}/change`);
  await seeNewPrice(page, { checkout: addDays(stay.checkout, 1) });
  await expect(preview(page)).toContainText("3 nights");

  const posted = page.waitForRequest((r) => r.method() === "POST");
  await preview(page).getByRole("button", { name: "Confirm change" }).dblclick();
  const post = await posted;
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your booking has been changed");
  const again = await page.request.fetch(post);
  expect(again.status()).toBeLessThan(400);
  expect(again.headers()["x-action-redirect"]?.split(";")[0]).toBe(`${manageLink(booking.id)}?changed=1`);

  expect(await changesOf(booking.id)).toEqual({ history: 1, events: 1 });
  expect(await getBooking(request, booking.id)).toMatchObject({ checkout: addDays(stay.checkout, 1), nights: 3 });
});

test("new dates with a night sold out: the site names the night and suggests the nearest free dates, which it prices on a click", async ({ page, request }) => {
  const stay = await ownStay(2);
  const booking = await bookThroughApi(request, "Double Room", stay, 2);
  const wanted = { checkin: addDays(stay.checkin, 3), checkout: addDays(stay.checkin, 5) };
  await setRates(e2eDb(), { roomTypeId: booking.roomTypeId, from: wanted.checkin, to: wanted.checkin, rooms: 0 });

  await page.goto(manageLink(booking.id));
  await page.getByRole("link", { name: "Change dates or guests" }).click();
  await seeNewPrice(page, wanted);
  await expect(page.getByRole("heading", { name: `Your room is not free on the night of ${formatStayDate(wanted.checkin)}.` })).toBeVisible();
  await expect(page.getByLabel("Check-in")).toHaveValue(wanted.checkin); // what the guest typed is kept
  const dates = page.getByRole("list", { name: "Dates to try" }).getByRole("button");
  await expect(dates).toHaveCount(3);
  await snap(page, "sold-out");
  const first = { checkin: addDays(wanted.checkin, 1), checkout: addDays(wanted.checkin, 3) };
  await expect(dates.first()).toHaveText(`${formatStayDate(first.checkin)} → ${formatStayDate(first.checkout)}`);
  await dates.first().click();
  await expect(preview(page)).toContainText(`${formatStayDate(first.checkin)} → ${formatStayDate(first.checkout)} · 2 nights`);
  expect(await changesOf(booking.id)).toEqual({ history: 0, events: 0 });
});

test("a stay that has started: its check-in is shown but cannot change; its check-out can", async ({ page, request }) => {
  const today = await hotelToday(request);
  const me = (await (await partnerApi(request).get("/me")).json()).property;
  const property = await e2eDb().property.findUniqueOrThrow({ where: { id: me.id } });
  const roomTypes = (await (await partnerApi(request).get("/room-types")).json()).data as { id: string; name: string }[];
  const suite = roomTypes.find((r) => r.name === "Family Suite")!.id;
  // Booked two days ago for a stay that began yesterday: the demo's nights around today are
  // busy, so the suite gets one more room on each (and yesterday a rate, to be sold at all).
  const yesterday = addDays(today, -1);
  await setRates(e2eDb(), { roomTypeId: suite, from: yesterday, to: yesterday, price: 20_000, closed: false });
  await e2eDb().$executeRaw`UPDATE room_nights SET rooms_for_sale = GREATEST(rooms_for_sale, rooms_sold + 1), closed = false
    WHERE room_type_id = ${suite} AND date BETWEEN ${yesterday}::date AND ${addDays(today, 2)}::date`;
  const { booking } = unlessRefused(await createBooking(e2eDb(), {
    property,
    actor: TEST_ACTOR,
    input: { roomTypeId: suite, checkin: yesterday, checkout: addDays(today, 2), adults: 2, guest: newGuest("Rita") },
    clock: { now: () => new Date(`${addDays(today, -2)}T12:00:00Z`) },
  }));

  await page.goto(manageLink(booking.id));
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await page.getByRole("link", { name: "Change dates or guests" }).click();
  const checkin = page.getByLabel("Check-in");
  await expect(checkin).toHaveValue(yesterday);
  await expect(checkin).toHaveAttribute("readonly", "");
  await expect(page.getByText("Your stay has started: the check-in date can no longer change.")).toBeVisible();
  await seeNewPrice(page, { checkout: addDays(today, 3), adults: 3 });
  await expect(preview(page)).toContainText("4 nights · 3 adults");
  await preview(page).getByRole("button", { name: "Confirm change" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your booking has been changed");
  expect(await getBooking(request, booking.id)).toMatchObject({ checkin: yesterday, checkout: addDays(today, 3), adults: 3, nights: 4 });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the guest changes dates and adults with plain form posts, goes back to the dates once, and a resubmitted confirmation changes nothing more", async ({ page, request }) => {
    const stay = await ownStay(2);
    const booking = await bookThroughApi(request, "Family Suite", stay, 2);
    await page.goto(manageLink(booking.id));
    await page.getByRole("link", { name: "Change dates or guests" }).click();

    await seeNewPrice(page, { checkout: stay.checkin });
    await expect(page.locator("#checkout-error")).toHaveText("Must be after the check-in date.");
    await expect(page.getByLabel("Check-out")).toHaveValue(stay.checkin);

    const later = { checkin: addDays(stay.checkin, 2), checkout: addDays(stay.checkout, 3) };
    await seeNewPrice(page, { ...later, adults: 3 });
    await expect(preview(page)).toContainText(`${formatStayDate(later.checkin)} → ${formatStayDate(later.checkout)} · 3 nights · 3 adults`);
    await preview(page).getByRole("button", { name: "Choose other dates" }).click();
    await expect(page.getByLabel("Check-in")).toHaveValue(later.checkin);
    await expect(page.getByLabel("Adults")).toHaveValue("3");
    await page.getByRole("button", { name: "See the new price" }).click();
    const newTotal = (await preview(page).getByTestId("new-price").textContent())!;

    const posted = page.waitForRequest((r) => r.method() === "POST");
    await preview(page).getByRole("button", { name: "Confirm change" }).click();
    const post = await posted;
    await expect(page.getByRole("main").getByRole("status")).toContainText("Your booking has been changed");
    await expect(page.getByTestId("booking-price")).toHaveText(newTotal);

    // The browser's "Confirm form resubmission": the very same request again replays the change.
    const again = await page.request.fetch(post);
    expect(again.ok()).toBe(true);
    expect(new URL(again.url()).pathname).toBe(manageLink(booking.id));
    expect(await changesOf(booking.id)).toEqual({ history: 1, events: 1 });
    expect(await getBooking(request, booking.id)).toMatchObject({ ...later, adults: 3, nights: 3 });
  });
});
