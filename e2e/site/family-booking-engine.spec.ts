import { expect, test } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { familyHotelWithEngine } from "../support/engine";
import { CHILDREN_LABELS, chooseChildren } from "../support/family";
import { receivedMail } from "../support/mailbox";
import { newGuest, snap } from "../support/site";

/**
 * A family books in a hotel's booking engine, in German (issue 37): two adults and two children of
 * 4 and 9 in the hotel's widget. The room is €120.00 a night for two adults; each child of 3 to 11
 * (the hotel's band "Kind") adds €15.00 a night.
 */
const NBSP = "\u00a0";

test("a family books in German in the hotel's widget, sees the children's prices, and gets a German e-mail naming the children", async ({ page }) => {
  const hotel = await familyHotelWithEngine("Hotel Seeblick", "Familienzimmer");
  const guest = newGuest("Lena");

  await page.goto(`${hotel.site}/embed?lang=de`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await chooseChildren(page, [4, 9], CHILDREN_LABELS.de);
  await expect(page.getByLabel("Alter von Kind 1")).toHaveValue("4");
  await expect(page.getByLabel("Alter von Kind 2").locator("option:checked")).toHaveText("9 Jahre");
  expect(await seriousViolations(page), "the widget's search with two children").toEqual([]);
  await page.getByRole("button", { name: "Suchen" }).click();
  await expect(page).toHaveURL(/\/embed\/search\?lang=de&.*children=2&age1=4&age2=9/);

  await expect(page.getByText(/· 2 Nächte · 2 Erwachsene, 2 Kinder \(4, 9\)$/)).toBeVisible();
  const offer = page.getByRole("list", { name: "Freie Zimmer" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Familienzimmer" }) });
  await expect(offer).toContainText("Platz für bis zu 2 Erwachsene und 2 Kinder, insgesamt 4 Gäste");
  await expect(offer.getByTestId("offer-party")).toHaveText(`Preise für 2 Erwachsene, 2 Kinder (4, 9). Enthalten: Kind ×2, je 15,00${NBSP}€ pro Nacht`);
  await expect(offer.getByTestId("offer-total").first()).toHaveText(`300,00${NBSP}€`);
  expect(await seriousViolations(page), "the widget's results for a family").toEqual([]);
  await snap(page, "1-results");

  await offer.getByRole("link", { name: /^Familienzimmer auswählen/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Ihre Angaben" })).toBeVisible();
  await expect(page.getByTestId("stay-includes")).toHaveText(`Enthalten: Kind ×2, je 15,00${NBSP}€ pro Nacht`);
  await page.getByLabel("Vorname").fill(guest.firstName);
  await page.getByLabel("Nachname").fill(guest.lastName);
  await page.getByLabel("E-Mail-Adresse").fill(guest.email);
  await page.getByRole("button", { name: "Buchen", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Ihre Buchung ist bestätigt" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "→" })).toContainText("2 Nächte · 2 Erwachsene, 2 Kinder (4, 9)");
  await expect(page.getByTestId("booking-includes")).toHaveText(`Kind ×2, je 15,00${NBSP}€ pro Nacht`);
  await expect(page.getByTestId("booking-price")).toHaveText(`300,00${NBSP}€`);
  expect(await seriousViolations(page), "the widget's confirmation for a family").toEqual([]);
  await snap(page, "2-confirmation");
  const reference = (await page.getByTestId("booking-reference").textContent())!.trim();

  await expect.poll(async () => (await receivedMail(guest.email)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await receivedMail(guest.email);
  expect(mail!.subject).toBe(`Ihre Buchung im ${hotel.property.name} ist bestätigt – ${reference}`);
  expect(mail!.text).toMatch(/^Gäste: 2 Erwachsene, 2 Kinder \(4, 9\)$/m);
  expect(mail!.text).toMatch(/^Im Preis enthalten: Kind ×2, je 15,00\s€ pro Nacht$/m);
  expect(mail!.text).toMatch(/^Gesamtpreis: 300,00\s€$/m);
});
