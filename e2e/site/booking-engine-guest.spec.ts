import { expect, test, type Page } from "@playwright/test";
import { openBookingEngine } from "@/lib/booking-engine/booking-engine";
import { seriousViolations } from "../support/axe";
import { recordResponses, staticFiles } from "../support/browser-sees";
import { e2eDb } from "../support/db";
import { engineBox, hotelWithEngine } from "../support/engine";
import { receivedMail } from "../support/mailbox";
import { fillGuest, newGuest } from "../support/site";

/** A guest on a hotel's booking engine (issue 24): the keyboard alone, a small phone, axe, and the engine's key kept on the server. */

/** Presses Tab (at most 40 times) until the element has the focus: the way a keyboard user reaches it. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("a guest books in the embed with the keyboard alone", async ({ page }) => {
  const hotel = await hotelWithEngine("Keyboard Inn", "Quiet Room");
  await page.goto(`${hotel.site}/embed`);
  await tabTo(page, page.getByRole("button", { name: "Search" }));
  await page.keyboard.press("Enter");
  const choose = page.getByRole("link", { name: "Choose Quiet Room" }).first();
  await choose.waitFor();
  await tabTo(page, choose);
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByLabel("First name"));
  const guest = newGuest("Kim");
  await page.keyboard.type(guest.firstName);
  await page.keyboard.press("Tab");
  await page.keyboard.type(guest.lastName);
  await page.keyboard.press("Tab");
  await page.keyboard.type(guest.email);
  await tabTo(page, page.getByRole("button", { name: "Book" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Your booking is confirmed" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${hotel.site}/embed/confirmation/`));
});

test("on a 390 px wide phone nothing on the hotel's pages scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const hotel = await hotelWithEngine("Narrow Street Hotel", "Narrow Room", { welcomeText: "A small hotel on a narrow street, with a long welcome that has to wrap on a phone." });
  const fits = async (name: string) => expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
  for (const base of [hotel.site, `${hotel.site}/embed`]) {
    await page.goto(base);
    await fits(`${base} home`);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: "Choose Narrow Room" }).first().click();
    await page.getByLabel("First name").waitFor();
    await fits(`${base} guest details`);
    await fillGuest(page, newGuest());
    await page.getByRole("button", { name: "Book" }).click();
    await page.getByTestId("booking-reference").waitFor();
    await fits(`${base} confirmation`);
    await page.goto(`${base}/accessibility`);
    await fits(`${base} accessibility`);
  }
});

for (const [lang, words] of [
  ["en", { search: "Search", choose: "Choose", firstName: "First name", lastName: "Last name", email: "E-mail address", book: "Book" }],
  ["de", { search: "Suchen", choose: "auswählen", firstName: "Vorname", lastName: "Nachname", email: "E-Mail-Adresse", book: "Buchen" }],
] as const) {
  test(`every page of a hotel's site and embed passes axe with no serious or critical violation (${lang})`, async ({ page }) => {
    test.slow();
    const hotel = await hotelWithEngine("Axe Hotel", "Axe Room", { welcomeText: "Welcome." });
    const scanned: string[] = [];
    const scan = async (name: string) => {
      expect(await page.locator("html").getAttribute("lang"), name).toBe(lang);
      expect(await seriousViolations(page), name).toEqual([]);
      scanned.push(name);
    };
    const guest = newGuest();
    for (const base of [hotel.site, `${hotel.site}/embed`]) {
      await page.goto(`${base}?lang=${lang}`);
      await scan(`${base} home`);
      await page.getByRole("button", { name: words.search }).click();
      const choose = page.getByRole("link", { name: new RegExp(`${words.choose === "Choose" ? "^Choose Axe Room" : "^Axe Room auswählen"}`) }).first();
      await choose.waitFor();
      await scan(`${base} results`);
      await choose.click();
      await page.getByLabel(words.firstName).fill(guest.firstName);
      await page.getByLabel(words.lastName).fill(guest.lastName);
      await page.getByLabel(words.email).fill(guest.email);
      await page.getByRole("button", { name: words.book, exact: true }).click();
      await page.getByTestId("booking-reference").waitFor();
      await scan(`${base} confirmation`);
      await page.goto(`${base}/find?lang=${lang}`);
      await scan(`${base} find`);
      await page.goto(`${base}/accessibility?lang=${lang}`);
      await scan(`${base} accessibility`);
    }
    expect(scanned).toHaveLength(10);
  });
}

test.describe("a guest whose browser asks for German", () => {
  test.use({ locale: "de-DE" });

  test("gets the hotel's pages in German, books, and gets the e-mail in German with a German manage link", async ({ page }) => {
    const hotel = await hotelWithEngine("Hotel Sonnenhof", "Doppelzimmer");
    await page.goto(hotel.site);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { name: "Zimmer buchen" })).toBeVisible();
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Freie Zimmer" })).toBeVisible();
    await expect(page.getByText(/^(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. .+ 20\d\d → .+ · 2 Nächte · 2 Erwachsene$/)).toBeVisible();
    await page.getByRole("link", { name: /^Doppelzimmer auswählen/ }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Ihre Angaben" })).toBeVisible();
    await expect(page.getByText(/^Gesamt \d+,\d\d\s€, inklusive Steuern und Gebühren$/)).toBeVisible();
    const guest = newGuest("Jonas");
    await page.getByLabel("Vorname").fill(guest.firstName);
    await page.getByLabel("Nachname").fill(guest.lastName);
    await page.getByLabel("E-Mail-Adresse").fill(guest.email);
    await page.getByRole("button", { name: "Buchen", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ihre Buchung ist bestätigt" })).toBeVisible();
    const reference = (await page.getByTestId("booking-reference").textContent())!.trim();

    await expect.poll(async () => (await receivedMail(guest.email)).length, { timeout: 30_000 }).toBe(1);
    const [mail] = await receivedMail(guest.email);
    expect(mail!.subject).toBe(`Ihre Buchung im ${hotel.property.name} ist bestätigt – ${reference}`);
    expect(mail!.text).toContain("Guten Tag Jonas,");
    expect(mail!.text).toMatch(/^Nächte: 2 Nächte$/m);
    const link = /Buchung ansehen, ändern oder stornieren: (\S+)/.exec(mail!.text ?? "")?.[1];
    expect(link).toMatch(new RegExp(`/hotels/${hotel.slug}/manage/[^?]+\\?lang=de$`));
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Ihre Buchung" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Buchung stornieren" })).toBeVisible();
  });

  test("?lang=en wins over the browser's German, and every link of the site keeps it", async ({ page }) => {
    const hotel = await hotelWithEngine("Hotel Lindenhof", "Einzelzimmer", { defaultLanguage: "de" });
    await page.goto(`${hotel.site}/embed?lang=en`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/embed\/search\?.*lang=en/);
    await page.getByRole("link", { name: /^Choose Einzelzimmer/ }).first().click();
    await expect(page).toHaveURL(/\/embed\/book\?.*lang=en/);
    await page.getByRole("link", { name: "Deutsch" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ihre Angaben" })).toBeVisible();
  });
});

test("the engine's key never reaches the browser: not in any response of its site or embed, nor in a static file", async ({ page }) => {
  const hotel = await hotelWithEngine("Sealed Key Hotel", "Sealed Room");
  const key = (await openBookingEngine(e2eDb(), hotel.slug, engineBox()))!.apiKey;
  const seen = await recordResponses(page);
  await page.goto(`${hotel.site}/embed`);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Choose Sealed Room" }).first().click();
  await fillGuest(page, newGuest());
  await page.getByRole("button", { name: "Book" }).click();
  await page.getByRole("link", { name: "Manage your booking" }).click();
  await page.getByRole("button", { name: "Cancel booking" }).waitFor();
  await page.goto(hotel.site);
  await page.waitForLoadState("networkidle");

  expect(seen.length).toBeGreaterThan(10);
  for (const response of seen) {
    expect(response.body.includes(key), `body of ${response.url}`).toBe(false);
    expect(response.headers.includes(key), `headers of ${response.url}`).toBe(false);
  }
  const files = staticFiles();
  expect(files.length).toBeGreaterThan(5);
  for (const { file, text } of files) expect(text.includes(key) || /rbp_(test_)?[0-9A-Za-z]{38}/.test(text), file).toBe(false);
});
