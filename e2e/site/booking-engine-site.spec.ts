import { expect, test, type Page } from "@playwright/test";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { disableBookingEngine, rotateEngineKey } from "@/lib/booking-engine/booking-engine";
import { createBooking } from "@/lib/bookings/create-booking";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { e2eDb } from "../support/db";
import { hotelWebsite, hotelWithEngine, engineBox } from "../support/engine";
import { collectPageErrors } from "../support/page-errors";
import { nonceOf, scriptPolicyProblems } from "../support/page-policy";
import { addDays } from "../support/partner-api";
import { fillGuest, manageLink, newGuest } from "../support/site";

/** A hotel's booking engine (issue 24): its own site at /hotels/{slug}, and the widget on the hotel's website. */

/** Searches with the dates the home page suggests, chooses the room and books it; the reference. */
async function bookOnSite(page: Page | ReturnType<Page["frameLocator"]>, roomName: string): Promise<string> {
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: `Choose ${roomName}` }).first().click();
  await fillGuest(page as Page, newGuest());
  await page.getByRole("button", { name: "Book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your booking is confirmed" })).toBeVisible();
  return (await page.getByTestId("booking-reference").textContent())!.trim();
}

test("each hotel's site shows and books its own hotel only, and keeps booking after its key is rotated", async ({ page }) => {
  const a = await hotelWithEngine("Alfama Rooms", "Alfama Loft", { welcomeText: "Welcome to Alfama." });
  const b = await hotelWithEngine("Belém Inn", "Belém Suite");

  await page.goto(a.site);
  await expect(page.getByTestId("hotel-name")).toHaveText(a.property.name);
  await expect(page.getByTestId("welcome-text")).toHaveText("Welcome to Alfama.");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`${a.site}/search\\?`));
  await expect(page.getByRole("link", { name: /^Choose Belém/ })).toHaveCount(0);
  await page.goto(a.site);
  const reference = await bookOnSite(page, "Alfama Loft");
  await expect(page).toHaveURL(new RegExp(`${a.site}/confirmation/`));
  const booking = await e2eDb().booking.findFirstOrThrow({ where: { reference } });
  expect(booking.propertyId).toBe(a.property.id);

  // The manage link works on its own hotel's site only: on another's, that booking does not exist.
  await page.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
  const token = new URL(page.url()).pathname.split("/").pop()!;
  const elsewhere = await page.goto(`${b.site}/manage/${token}`);
  expect(elsewhere?.status()).toBe(404);
  await page.goto(b.site);
  await expect(page.getByTestId("hotel-name")).toHaveText(b.property.name);

  // A new value for A's engine key: the old one stops, the site books with the new one at once.
  await rotateEngineKey(e2eDb(), { propertyId: a.property.id, actor: TEST_ACTOR, box: engineBox() });
  await page.goto(a.site);
  await bookOnSite(page, "Alfama Loft");
});

test("a hotel's pages may not be framed, its embed only by the hotel's allowed sites; an engine off has no site", async ({ request }) => {
  const hotel = await hotelWithEngine("Graça House", "Graça Room", { allowedOrigins: ["https://www.graca.example", "http://localhost:4000"] });
  const full = (await request.get(hotel.site)).headers();
  expect(full["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(full["x-frame-options"]).toBe("DENY");
  const embed = await request.get(`${hotel.site}/embed/find`);
  expect(embed.status()).toBe(200);
  expect(embed.headers()["content-security-policy"]).toMatch(/frame-ancestors 'self' https:\/\/www\.graca\.example http:\/\/localhost:4000$/);
  expect(embed.headers()["x-frame-options"]).toBeUndefined();

  expect((await request.get("/hotels/no-such-hotel-here")).status()).toBe(404);
  // Only a hotel's own pages exist under /hotels (a slug is lower case; no other page of the site is reachable there).
  for (const path of [`/hotels/${hotel.slug.toUpperCase()}`, `${hotel.site}/docs`, `${hotel.site}/embed/login`]) expect((await request.get(path)).status(), path).toBe(404);
  await disableBookingEngine(e2eDb(), { propertyId: hotel.property.id, actor: TEST_ACTOR });
  expect((await request.get(hotel.site)).status()).toBe(404);
  expect((await request.get(`${hotel.site}/embed`)).status()).toBe(404);
});

test("every page of a hotel's site, full and embed, runs only the scripts its answer's nonce allows and logs no console error", async ({ page }) => {
  test.slow();
  const hotel = await hotelWithEngine("Lapa Rooms", "Lapa Double", { allowedOrigins: ["https://www.lapa.example"] });
  const checkin = addDays(new Date().toISOString().slice(0, 10), 30);
  const stay = `checkin=${checkin}&checkout=${addDays(checkin, 2)}&adults=2`;
  const { booking } = unlessRefused(await createBooking(e2eDb(), {
    property: hotel.property,
    actor: TEST_ACTOR,
    input: { roomTypeId: hotel.roomType.id, checkin, checkout: addDays(checkin, 2), adults: 2, guest: { firstName: "Lapa", lastName: "Guest", email: "lapa.guest@example.com" } },
  }));
  const token = manageLink(booking.id).split("/").pop()!;
  const pages = ["", `/search?${stay}`, `/book?roomTypeId=${hotel.roomType.id}&${stay}`, "/find", "/accessibility", `/confirmation/${token}`, `/manage/${token}`, `/manage/${token}/change`];
  const errors = collectPageErrors(page);
  const seen: Record<string, string[]> = {};
  const nonces: string[] = [];
  for (const base of [hotel.site, `${hotel.site}/embed`]) {
    for (const path of pages.map((suffix) => `${base}${suffix}`)) {
      const policy = (await page.goto(path))?.headers()["content-security-policy"] ?? "";
      await page.waitForLoadState("networkidle");
      nonces.push(nonceOf(policy) ?? "");
      seen[path] = [...errors.take(), ...scriptPolicyProblems(policy)];
    }
  }
  expect(Object.fromEntries(Object.entries(seen).filter(([, lines]) => lines.length > 0))).toEqual({});
  expect(new Set(nonces).size, "a nonce used twice").toBe(nonces.length);
});

test("on an allowed hotel website the widget books inside its iframe with no cookie at all, tells the page the reference, and its frame follows its content both ways", async ({ page, baseURL }) => {
  const website = await hotelWebsite(baseURL!);
  try {
    const hotel = await hotelWithEngine("Chiado Stay", "Chiado Double", { allowedOrigins: [website.origin] });
    const cookiesSent: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(baseURL!) && r.headers()["cookie"]) cookiesSent.push(r.url());
    });
    await page.goto(website.pageOf(hotel.slug));
    const widget = page.frameLocator("iframe[title='Book your stay']");
    // The frame is as tall as the embed's content (no blank space under it), page after page.
    const fits = async () => {
      const frame = await page.locator("iframe").evaluate((element: HTMLIFrameElement) => element.getBoundingClientRect().height);
      const content = await widget.getByTestId("embed").evaluate((element) => element.getBoundingClientRect().height);
      return Math.abs(frame - Math.ceil(content)) <= 1 ? Math.round(frame) : `frame ${frame} px, content ${content} px`;
    };
    await expect(widget.getByRole("heading", { name: `Book a room at ${hotel.property.name}` })).toBeVisible();
    await expect.poll(fits).toEqual(expect.any(Number));
    const searchForm = (await fits()) as number;
    await widget.getByRole("button", { name: "Search" }).click();
    await expect(widget.getByRole("link", { name: "Choose Chiado Double" }).first()).toBeVisible();
    await expect.poll(fits).toBeGreaterThan(searchForm);
    const results = (await fits()) as number;
    // Back to the search form: the frame shrinks to it.
    await widget.getByRole("link", { name: "Book a room" }).click();
    await expect(widget.getByRole("button", { name: "Search" })).toBeVisible();
    await expect.poll(fits).toBeLessThan(results);
    await widget.getByRole("button", { name: "Search" }).click();
    await widget.getByRole("link", { name: "Choose Chiado Double" }).first().click();
    await fillGuest(widget as unknown as Page, newGuest());
    await widget.getByRole("button", { name: "Book" }).click();
    await expect(widget.getByRole("heading", { level: 1, name: "Your booking is confirmed" })).toBeVisible();
    const reference = (await widget.getByTestId("booking-reference").textContent())!.trim();
    await expect(page.locator("#booked")).toHaveText(`booked ${reference}`);
    await expect.poll(fits).toEqual(expect.any(Number));
    expect(cookiesSent).toEqual([]);
    expect(await page.context().cookies(baseURL!)).toEqual([]);
  } finally {
    await website.close();
  }
});

test("on a website the hotel did not allow, the browser refuses the widget and widget.js leaves no box, only a console line naming the site to allow", async ({ page, baseURL }) => {
  const website = await hotelWebsite(baseURL!);
  try {
    const hotel = await hotelWithEngine("Estrela Lodge", "Estrela Room", { allowedOrigins: ["https://www.estrela.example"] });
    const refusals: string[] = [];
    const advice: string[] = [];
    page.on("console", (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
      if (message.text().startsWith("Room Booking widget:")) advice.push(message.text());
    });
    await page.goto(website.pageOf(hotel.slug));
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    // Until it is removed, the frame takes no room; then it is gone, with one line for the web designer.
    expect(await page.locator("iframe").evaluate((frame) => frame.getBoundingClientRect().height)).toBe(0);
    await expect(page.locator("iframe")).toHaveCount(0, { timeout: 15_000 });
    expect(advice).toHaveLength(1);
    expect(advice[0]).toContain(`Add ${website.origin} to its allowed sites in Settings › Booking engine`);
  } finally {
    await website.close();
  }
});
