import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { chooseChildren, standardTotal } from "../support/family";
import { receivedMail } from "../support/mailbox";
import { partnerApi } from "../support/partner-api";
import { bookingsOf, fillGuest, newGuest, snap } from "../support/site";
import { ownStay } from "../support/stays";

/**
 * A family on the demo hotel's site (issue 37): two adults and two children of 4 and 9. Harbour
 * View's bands are Baby 0–2 €0, Child 3–11 €15.00, Teen 12–17 €25.00; only its Family Suite takes
 * two children (the Double Room one).
 */

const euros = (minor: number) => `€${(minor / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;

async function fillStay(page: Page, stay: { checkin: string; checkout: string }, adults: number) {
  await page.getByLabel("Check-in").fill(stay.checkin);
  await page.getByLabel("Check-out").fill(stay.checkout);
  await page.getByLabel("Adults").fill(String(adults));
}

const offerOf = (page: Page, room: string) => page.getByRole("list", { name: "Available rooms" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: room }) });

test("a family books the Family Suite: the children's prices in the offer, the booking and the e-mail; then a child's new age changes the stay", async ({ page, request }) => {
  const stay = await ownStay(2);
  const guest = newGuest("Marta");
  const api = partnerApi(request);
  const priced = await (await api.get(`/availability?checkin=${stay.checkin}&checkout=${stay.checkout}&adults=2&childrenAges=4,9`)).json();
  const total = standardTotal(priced, "Family Suite");

  await page.goto("/");
  await fillStay(page, stay, 2);
  await chooseChildren(page, [4, 9]);
  await snap(page, "1-search-with-children");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?.*children=2&age1=4&age2=9/);
  // The search form keeps the party, each age in its select.
  await expect(page.getByLabel("Children", { exact: true })).toHaveValue("2");
  await expect(page.getByLabel("Age of child 2")).toHaveValue("9");

  await expect(page.getByRole("heading", { name: /2 nights · 2 adults, 2 children \(4, 9\)$/ })).toBeVisible();
  const suite = offerOf(page, "Family Suite");
  await expect(suite.getByTestId("offer-party")).toHaveText("Prices for 2 adults, 2 children (4, 9). Includes: Child ×2, €15.00 a night each");
  await expect(suite).toContainText("Sleeps up to 4 adults and 3 children, 5 guests in all");
  await expect(suite.getByRole("listitem").filter({ hasText: "Standard" }).getByTestId("offer-total")).toHaveText(euros(total));
  // The Double Room takes one child: it is not offered to this family.
  await expect(offerOf(page, "Double Room")).toHaveCount(0);
  expect(await seriousViolations(page), "results for a family").toEqual([]);
  await snap(page, "2-results-for-a-family");

  await suite.getByRole("link", { name: "Choose Family Suite, Standard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your stay" })).toContainText("2 adults, 2 children (4, 9)");
  await expect(page.getByTestId("stay-includes")).toHaveText("Includes: Child ×2, €15.00 a night each");
  await expect(page.getByTestId("stay-total")).toHaveText(euros(total));
  await fillGuest(page, guest);
  await page.getByRole("button", { name: "Book" }).click();

  await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
  const reference = (await page.getByTestId("booking-reference").textContent())!.trim();
  await expect(page.getByRole("definition").filter({ hasText: "→" })).toContainText("2 nights · 2 adults, 2 children (4, 9)");
  await expect(page.getByTestId("booking-includes")).toHaveText("Child ×2, €15.00 a night each");
  await expect(page.getByTestId("booking-price")).toHaveText(euros(total));
  await snap(page, "3-confirmation");
  const [booking] = await bookingsOf(request, stay.checkin, guest.email);
  expect(booking).toMatchObject({ reference, adults: 2, childrenAges: [4, 9], extras: [{ kind: "child", band: "Child", count: 2, amount: { amount: 1_500, currency: "EUR" } }], price: { amount: total } });

  await expect.poll(async () => (await receivedMail(guest.email)).length, { timeout: 30_000 }).toBe(1);
  const [confirmation] = await receivedMail(guest.email);
  expect(confirmation!.text).toMatch(/^Guests: 2 adults, 2 children \(4, 9\)$/m);
  expect(confirmation!.text).toMatch(/^Price includes: Child ×2, €15\.00 a night each$/m);
  expect(confirmation!.html).toContain("2 adults, 2 children (4, 9)");

  // The older child turns out to be 12 (a Teen, €25.00): the party travels to the change form, which prices the new one.
  await page.getByRole("link", { name: "Manage your booking" }).click();
  await page.getByRole("link", { name: "Change dates or guests" }).click();
  await expect(page.getByLabel("Children", { exact: true })).toHaveValue("2");
  await expect(page.getByLabel("Age of child 1")).toHaveValue("4");
  await page.getByLabel("Age of child 2").selectOption("12");
  await page.getByRole("button", { name: "See the new price" }).click();
  const preview = page.getByRole("region", { name: "Your booking after the change" });
  await expect(preview).toContainText("2 adults, 2 children (4, 12)");
  await expect(preview.getByTestId("new-includes")).toHaveText("Includes: Child ×1, €15.00 a night each; Teen ×1, €25.00 a night each");
  await expect(preview.getByTestId("price-difference")).toHaveText("+ €20.00");
  await page.getByRole("button", { name: "Confirm change" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Your booking has been changed.");
  await expect(page.getByRole("definition").filter({ hasText: "→" })).toContainText("2 adults, 2 children (4, 12)");
  expect(await (await api.get(`/bookings/${booking.id}`)).json()).toMatchObject({ childrenAges: [4, 12], price: { amount: total + 2_000 } });

  await expect.poll(async () => (await receivedMail(guest.email)).length, { timeout: 30_000 }).toBe(2);
  const change = (await receivedMail(guest.email))[1]!;
  expect(change.subject).toBe(`Your booking at Harbour View Hotel has changed – ${reference}`);
  expect(change.text).toMatch(/^Guests: 2 adults, 2 children \(4, 12\) \(was 2 adults, 2 children \(4, 9\)\)$/m);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a family searches by sending the number of children first: the page asks each child's age, then books; the change form takes a third child the same way", async ({ page, request }) => {
    const stay = await ownStay(1);
    const guest = newGuest("Rui");

    await page.goto("/");
    await fillStay(page, stay, 2);
    await page.getByLabel("Children", { exact: true }).selectOption("2");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please choose each child's age on arrival: which rooms take your family, and their prices, depend on it.");
    await expect(page.getByLabel("Age of child 1")).toHaveAccessibleDescription("Choose the age of child 1.");
    await expect(page.getByLabel("Age of child 2")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("group", { name: "Children's ages on arrival" })).toBeVisible();
    await snap(page, "1-ages-asked");

    await page.getByLabel("Age of child 1").selectOption("4");
    await page.getByLabel("Age of child 2").selectOption("9");
    await page.getByRole("button", { name: "Search" }).click();
    await offerOf(page, "Family Suite").getByRole("link", { name: "Choose Family Suite, Standard" }).click();
    await expect(page.getByTestId("stay-includes")).toHaveText("Includes: Child ×2, €15.00 a night each");
    await fillGuest(page, guest);
    await page.getByRole("button", { name: "Book" }).click();
    await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "→" })).toContainText("2 adults, 2 children (4, 9)");

    // A baby comes too: a third child, whose age the form asks for once it knows of it.
    await page.getByRole("link", { name: "Manage your booking" }).click();
    await page.getByRole("link", { name: "Change dates or guests" }).click();
    await expect(page.getByLabel("Children", { exact: true })).toHaveAccessibleDescription("Your room takes up to 3 children, 5 guests in all.");
    await page.getByLabel("Children", { exact: true }).selectOption("3");
    await page.getByRole("button", { name: "See the new price" }).click();
    await expect(page.getByLabel("Age of child 3")).toHaveAccessibleDescription("Choose the age of child 3.");
    await expect(page.getByLabel("Age of child 2")).toHaveValue("9");
    await page.getByLabel("Age of child 3").selectOption("1");
    await page.getByRole("button", { name: "See the new price" }).click();
    const preview = page.getByRole("region", { name: "Your booking after the change" });
    await expect(preview).toContainText("2 adults, 3 children (4, 9, 1)");
    await expect(preview.getByTestId("new-includes")).toHaveText("Includes: Baby ×1, free; Child ×2, €15.00 a night each");
    await expect(preview.getByTestId("price-difference")).toHaveText("Same price");
    await page.getByRole("button", { name: "Confirm change" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Your booking has been changed.");
    const [booking] = await bookingsOf(request, stay.checkin, guest.email);
    expect(booking).toMatchObject({ adults: 2, childrenAges: [4, 9, 1] });
  });
});
