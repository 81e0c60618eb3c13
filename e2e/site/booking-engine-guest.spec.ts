import { expect, test, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { openBookingEngine } from "@/lib/booking-engine/booking-engine";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { engineBox, hotelWithEngine } from "../support/engine";
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

test("every page of a hotel's site and embed passes axe with no serious or critical violation", async ({ page }) => {
  test.slow();
  const hotel = await hotelWithEngine("Axe Hotel", "Axe Room", { welcomeText: "Welcome." });
  const scanned: string[] = [];
  const scan = async (name: string) => {
    expect(await seriousViolations(page), name).toEqual([]);
    scanned.push(name);
  };
  for (const base of [hotel.site, `${hotel.site}/embed`]) {
    await page.goto(base);
    await scan(`${base} home`);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: "Choose Axe Room" }).first().waitFor();
    await scan(`${base} results`);
    await page.getByRole("link", { name: "Choose Axe Room" }).first().click();
    await fillGuest(page, newGuest());
    await page.getByRole("button", { name: "Book" }).click();
    await page.getByTestId("booking-reference").waitFor();
    await scan(`${base} confirmation`);
    await page.goto(`${base}/find`);
    await scan(`${base} find`);
    await page.goto(`${base}/accessibility`);
    await scan(`${base} accessibility`);
  }
  expect(scanned).toHaveLength(10);
});

test("the engine's key never reaches the browser: not in any response of its site or embed, nor in a static file", async ({ page }) => {
  const hotel = await hotelWithEngine("Sealed Key Hotel", "Sealed Room");
  const key = (await openBookingEngine(e2eDb(), hotel.slug, engineBox()))!.apiKey;
  const seen: { url: string; body: string; headers: string }[] = [];
  await page.route("**/*", async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const body = await response.body();
    seen.push({ url: route.request().url(), body: body.toString("utf8"), headers: JSON.stringify(response.headersArray()) });
    await route.fulfill({ response, body });
  });
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
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
  for (const file of files(join(process.cwd(), ".next", "static"))) {
    const text = readFileSync(file, "latin1");
    expect(text.includes(key) || /rbp_(test_)?[0-9A-Za-z]{38}/.test(text), file).toBe(false);
  }
});
