import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { familyHotelWithEngine } from "../support/engine";
import { CHILDREN_LABELS, chooseChildren, standardTotal } from "../support/family";
import { receivedMail } from "../support/mailbox";
import { partnerApi } from "../support/partner-api";
import { bookingsOf, fillGuest, newGuest, snap } from "../support/site";
import { ownStay } from "../support/stays";

/**
 * A family in two rooms booked at once (issue 38): each room with its own party, one details
 * form, one confirmation and one e-mail to the booker for both rooms, and one room cancelled
 * from the manage page the e-mail links. On the demo site with JavaScript, and in a hotel's
 * booking engine in German without it.
 */

const euros = (minor: number) => `€${(minor / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
const room = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const choice = (page: Page, roomNumber: number) => page.getByRole("group", { name: new RegExp(`^(Room|Zimmer) ${roomNumber}:`) });

/** Waits until the e-mail has come and, a few seconds on, is still the only one. */
async function onlyMail(email: string) {
  await expect.poll(async () => (await receivedMail(email)).length, { timeout: 30_000 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const mails = await receivedMail(email);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

test("a family books two rooms on the demo site with different parties, gets one e-mail, and cancels one room from its link", async ({ page, request }) => {
  const stay = await ownStay(2);
  const guest = newGuest("Clara");
  const api = partnerApi(request);
  const suite = standardTotal(await (await api.get(`/availability?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2&childrenAges=4,9`)).json(), "Family Suite");
  const double = standardTotal(await (await api.get(`/availability?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2&childrenAges=12`)).json(), "Double Room");

  await page.goto("/");
  await page.getByLabel("Check-in").fill(stay.checkin);
  await page.getByLabel("Check-out").fill(stay.checkout);
  await page.getByLabel("Rooms", { exact: true }).selectOption("2");
  await room(page, "Room 1").getByLabel("Adults").fill("2");
  await chooseChildren(room(page, "Room 1"), [4, 9]);
  await room(page, "Room 2").getByLabel("Adults").fill("2");
  await chooseChildren(room(page, "Room 2"), [12]);
  await snap(page, "1-search-two-rooms");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?.*rooms=2.*room2\.adults=2&room2\.children=1&room2\.age1=12/);

  // Each room's choices are priced for its own party; the search form keeps both parties.
  await expect(page.getByRole("group", { name: "Room 1: 2 adults, 2 children (4, 9)" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Room 2: 2 adults, 1 child (12)" })).toBeVisible();
  await expect(room(page, "Room 2").getByLabel("Age of child 1")).toHaveValue("12");
  // The Double Room takes one child: room 1 (two children) is not offered it.
  await expect(choice(page, 1).getByRole("radio", { name: /^Double Room/ })).toHaveCount(0);
  expect(await seriousViolations(page), "results for two rooms").toEqual([]);
  await snap(page, "2-choose-each-room");
  await choice(page, 1).getByRole("radio", { name: /^Family Suite · Standard/ }).check();
  await choice(page, 2).getByRole("radio", { name: /^Double Room · Standard/ }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await expect(page.getByTestId("chosen-room")).toHaveCount(2);
  await expect(page.getByTestId("chosen-room").nth(0)).toContainText("Room 1: Family Suite");
  await expect(page.getByTestId("chosen-room").nth(0)).toContainText("2 adults, 2 children (4, 9)");
  await expect(page.getByTestId("chosen-room").nth(1)).toContainText("Room 2: Double Room");
  await expect(page.getByTestId("chosen-room").nth(1)).toContainText("2 adults, 1 child (12)");
  await expect(page.getByTestId("stay-total")).toHaveText(euros(suite + double));
  expect(await seriousViolations(page), "details for two rooms").toEqual([]);
  await fillGuest(page, guest);
  await page.getByRole("button", { name: "Book" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Your 2 rooms are booked" })).toBeVisible();
  await expect(page.getByTestId("group-room")).toHaveCount(2);
  await expect(page.getByTestId("group-price")).toHaveText(euros(suite + double));
  await snap(page, "3-confirmation");
  const groupReference = (await page.getByTestId("group-reference").textContent())!.trim();
  const rooms = await bookingsOf(request, stay.checkin, guest.email);
  expect(rooms).toHaveLength(2);
  const groupId = rooms[0].groupId;
  expect(rooms.map((r) => r.groupId)).toEqual([groupId, groupId]);
  const group = await (await api.get(`/booking-groups/${groupId}`)).json();
  expect(group).toMatchObject({ reference: groupReference, status: "confirmed", booker: { firstName: "Clara", email: guest.email } });
  expect(group.bookings.map((b: { adults: number; childrenAges: number[] }) => [b.adults, b.childrenAges])).toEqual([[2, [4, 9]], [2, [12]]]);

  // One e-mail to the booker for both rooms, whose link manages them all.
  const mail = await onlyMail(guest.email);
  for (const b of group.bookings) expect(mail.text).toContain(b.reference);
  const link = /View, change or cancel your booking: (\S+)/.exec(mail.text ?? "")?.[1];
  expect(link).toMatch(/\/manage\/grp_/);
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
  const second = page.getByRole("region", { name: "Room 2: Double Room" });
  await expect(second.getByTestId("cancel-fee-now")).toHaveText("Cancelling now is free.");
  await expect(page.getByRole("region", { name: "Cancel every room" }).getByTestId("cancel-fee-now")).toHaveText("Cancelling now is free.");
  expect(await seriousViolations(page), "the manage page of two rooms").toEqual([]);
  await snap(page, "4-manage-two-rooms");
  page.once("dialog", (dialog) => void dialog.accept());
  await second.getByRole("button", { name: "Cancel room 2" }).click();

  await expect(page.getByTestId("group-status")).toHaveText("1 of 2 rooms cancelled");
  await expect(page.getByRole("region", { name: "Room 1: Family Suite" }).getByRole("button", { name: "Cancel room 1" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Cancel every room" })).toHaveCount(0);
  const after = await (await api.get(`/booking-groups/${groupId}`)).json();
  expect(after.status).toBe("partly_cancelled");
  expect(after.bookings.map((b: { status: string }) => b.status)).toEqual(["confirmed", "cancelled"]);

  // Find your booking takes the group's reference (the e-mail's subject) with the booker's address.
  await page.goto("/find");
  await page.getByLabel("Booking reference").fill(groupReference.toLowerCase());
  await page.getByLabel("E-mail address").fill(guest.email);
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByTestId("group-reference")).toHaveText(groupReference);
  // A room's own page leads to its group's.
  await page.getByRole("region", { name: "Room 1: Family Suite" }).getByRole("link", { name: "Change dates or guests of room 1" }).click();
  await page.getByRole("link", { name: "← Back to your booking" }).click();
  await page.getByRole("link", { name: "This room was booked together with others: see all the rooms" }).click();
  await expect(page.getByTestId("group-status")).toHaveText("1 of 2 rooms cancelled");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a family books two rooms in a hotel's booking engine in German, one e-mail comes, and every room is cancelled at once", async ({ page }) => {
    const hotel = await familyHotelWithEngine("Hotel Zwei Zimmer", "Familienzimmer");
    const guest = newGuest("Lena");

    await page.goto(`${hotel.site}?lang=de`);
    await page.getByLabel("Zimmer", { exact: true }).selectOption("2");
    await page.getByRole("button", { name: "Suchen" }).click();
    // Without JavaScript the second room's fields come with the page.
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Geben Sie an, wer in jedem Zimmer wohnt, und suchen Sie dann.");
    await room(page, "Zimmer 1").getByLabel("Kinder", { exact: true }).selectOption("2");
    await room(page, "Zimmer 2").getByLabel("Erwachsene").fill("1");
    await room(page, "Zimmer 2").getByLabel("Kinder", { exact: true }).selectOption("1");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(room(page, "Zimmer 2").getByLabel("Alter von Kind 1")).toHaveAttribute("aria-invalid", "true");
    await chooseChildren(room(page, "Zimmer 1"), [4, 9], CHILDREN_LABELS.de);
    await chooseChildren(room(page, "Zimmer 2"), [12], CHILDREN_LABELS.de);
    await page.getByRole("button", { name: "Suchen" }).click();

    await expect(page.getByRole("group", { name: "Zimmer 1: 2 Erwachsene, 2 Kinder (4, 9)" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Zimmer 2: 1 Erwachsener, 1 Kind (12)" })).toBeVisible();
    await expect(choice(page, 1).getByRole("radio")).toBeChecked();
    await page.getByRole("button", { name: "Weiter" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Ihre Angaben" })).toBeVisible();
    await expect(page.getByTestId("chosen-room")).toHaveCount(2);
    await page.getByLabel("Vorname").fill(guest.firstName);
    await page.getByLabel("Nachname").fill(guest.lastName);
    await page.getByLabel("E-Mail-Adresse").fill(guest.email);
    await page.getByRole("button", { name: "Buchen", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ihre 2 Zimmer sind gebucht" })).toBeVisible();
    const reference = (await page.getByTestId("group-reference").textContent())!.trim();

    const mail = await onlyMail(guest.email);
    expect(mail.subject).toBe(`Ihre Buchung im ${hotel.property.name} ist bestätigt – ${reference}`);
    expect(mail.text).toContain("Zimmer 2 von 2");
    const link = /Buchung ansehen, ändern oder stornieren: (\S+)/.exec(mail.text ?? "")?.[1];
    expect(link).toMatch(new RegExp(`/hotels/${hotel.slug}/manage/grp_[^?]+\\?lang=de$`));
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Ihre Buchung" })).toBeVisible();
    // Here the family cancels every room at once: the sum of the fees is said first.
    await expect(page.getByRole("region", { name: "Alle Zimmer stornieren" }).getByTestId("cancel-fee-now")).toHaveText("Eine Stornierung ist jetzt kostenlos.");
    await page.getByRole("button", { name: "Alle Zimmer stornieren" }).click();
    await expect(page.getByTestId("group-status")).toHaveText("Storniert");
    await expect(page.getByRole("main").getByRole("status").first()).toHaveText("Alle Zimmer sind storniert. Ihnen entstehen keine Kosten.");
  });
});
