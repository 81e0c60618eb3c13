import { expect, test, type Page } from "@playwright/test";
import { addDays } from "@/lib/dates/calendar-date";
import { formatMoney } from "@/lib/money/currency";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { propertyToday } from "@/lib/properties/property-today";
import { seedStaff } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";

/**
 * The overview of the demo hotel (demo bookings seeded by scripts/e2e/serve.ts) against the
 * figures this test computes from the database with its own SQL.
 */
async function expectedOverview(propertyId: string, today: string) {
  const db = e2eDb();
  const groups = await db.$queryRaw<{ kind: string; n: number; adults: number; refs: string[] | null }[]>`
    SELECT g.kind, count(b.id)::int AS n, coalesce(sum(b.adults), 0)::int AS adults, array_agg(b.reference ORDER BY b.reference) FILTER (WHERE b.id IS NOT NULL) AS refs
    FROM (VALUES ('arrivals'), ('departures'), ('in-house')) AS g(kind)
    LEFT JOIN bookings b ON b.property_id = ${propertyId} AND b.status = 'confirmed'
      AND ((g.kind = 'arrivals' AND b.checkin = ${today}::date)
        OR (g.kind = 'departures' AND b.checkout = ${today}::date)
        OR (g.kind = 'in-house' AND b.checkin <= ${today}::date AND b.checkout > ${today}::date))
    GROUP BY g.kind`;
  const nights = await db.$queryRaw<{ date: string; sold: number; for_sale: number }[]>`
    SELECT to_char(d, 'YYYY-MM-DD') AS date,
           (SELECT count(*) FROM bookings b WHERE b.property_id = ${propertyId} AND b.status = 'confirmed' AND b.checkin <= d AND b.checkout > d)::int AS sold,
           (SELECT coalesce(sum(n.rooms_for_sale), 0) FROM room_nights n JOIN room_types t ON t.id = n.room_type_id WHERE t.property_id = ${propertyId} AND n.date = d)::int AS for_sale
    FROM generate_series(${today}::date, ${addDays(today, 29)}::date, interval '1 day') AS d
    ORDER BY d`;
  const [revenue] = await db.$queryRaw<{ amount: number }[]>`
    SELECT coalesce(sum((x.amount)::int), 0)::int AS amount
    FROM bookings b, jsonb_to_recordset(b.nightly_prices) AS x(date date, amount int)
    WHERE b.property_id = ${propertyId} AND b.status = 'confirmed' AND x.date >= ${today}::date AND x.date <= ${addDays(today, 29)}::date`;
  const recent = await db.$queryRaw<{ label: string; n: number; value: number }[]>`
    SELECT CASE WHEN b.source = 'desk' THEN 'Desk' || coalesce(' · ' || (SELECT coalesce(nullif(trim(s.name), ''), s.email) FROM staff_users s WHERE s.id = b.staff_user_id), '')
                ELSE coalesce((SELECT label FROM api_keys k WHERE k.id = b.api_key_id), 'API (key deleted)') END AS label,
           count(*)::int AS n, sum(b.total_amount)::int AS value
    FROM bookings b WHERE b.property_id = ${propertyId} AND b.status = 'confirmed' AND b.created_at >= now() - interval '7 days'
    GROUP BY 1`;
  // In the order the page's rows are compared in (the database's collation sorts "Desk · admin-…" and "Desk · Maria" otherwise).
  recent.sort((a, b) => a.label.localeCompare(b.label));
  return { groups, nights, revenue: revenue!.amount, recent };
}

/** What the page shows, read from its figures, lists and tables. */
async function shownOverview(page: Page) {
  const groups = [];
  for (const kind of ["arrivals", "departures", "in-house"]) {
    const card = page.getByTestId(kind);
    groups.push({
      kind,
      figures: (await card.getByTestId(`${kind}-figures`).innerText()).replace(/\s+/g, " ").trim(),
      refs: (await card.getByRole("listitem").getByRole("link").allInnerTexts()).sort(),
    });
  }
  const nights = await page.getByTestId("occupancy-table").locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => [row.querySelector("time")!.getAttribute("datetime"), ...[...row.querySelectorAll("td")].map((td) => td.textContent!.trim())]),
  );
  const recent = await page.getByTestId("recent-bookings").locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent!.trim())),
  );
  return { groups, nights, revenue: await page.getByTestId("revenue").innerText(), recent: recent.sort((a, b) => a[0]!.localeCompare(b[0]!)) };
}

test("sign-in lands on the overview, whose figures equal what the database says", async ({ page }, testInfo) => {
  test.slow(); // reloads until a page and a reading of the database agree while other tests book
  const { email, property } = await newStaff("harbour-view-hotel", "viewer");
  await signInAs(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await page.getByText("Occupancy night by night (table)").click();

  const today = propertyToday(property);
  await expect(page.getByTestId("today").locator("time")).toHaveAttribute("datetime", today);
  // Other tests add bookings to this hotel while this one runs: compare a page and a reading taken together.
  await expect(async () => {
    await page.reload();
    await page.getByText("Occupancy night by night (table)").click();
    const expected = await expectedOverview(property.id, today);
    const shown = await shownOverview(page);
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
    expect(shown.groups).toEqual(
      ["arrivals", "departures", "in-house"].map((kind) => {
        const group = expected.groups.find((g) => g.kind === kind)!;
        return { kind, figures: `${plural(group.n, "booking")}, ${plural(group.adults, "adult")}`, refs: group.refs ?? [] };
      }),
    );
    expect(shown.nights).toEqual(
      expected.nights.map((n) => [n.date, String(n.sold), String(n.for_sale), n.for_sale ? `${Math.round((n.sold / n.for_sale) * 100)}%` : "—"]),
    );
    expect(shown.revenue).toBe(formatMoney({ amount: expected.revenue, currency: property.currency }));
    expect(shown.recent).toEqual(expected.recent.map((r) => [r.label, String(r.n), formatMoney({ amount: r.value, currency: property.currency })]));
  }).toPass({ timeout: 20_000 });

  // The demo data gives the overview something to show.
  const expected = await expectedOverview(property.id, today);
  expect(expected.groups.find((g) => g.kind === "in-house")!.n).toBeGreaterThan(0);
  expect(expected.revenue).toBeGreaterThan(0);
  await expect(page.getByTestId("occupancy-chart").locator("title").first()).toHaveText("Occupancy of the next 30 nights");
  await expect(page.getByTestId("occupancy-chart").locator("rect")).toHaveCount(expected.nights.filter((n) => n.for_sale > 0).length);
  await testInfo.attach("overview", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

test("the property switcher returns to the section it was used on, and never leaves the panel", async ({ page }) => {
  test.slow(); // a dozen page loads and switches
  const { email, property: harbour } = await newStaff("harbour-view-hotel", "admin");
  const alpine = await findPropertyBySlug(e2eDb(), "alpine-lodge");
  await seedStaff(e2eDb(), alpine.id, { email, role: "viewer" });
  let open = "Harbour View Hotel";
  const switchTo = async (name: string) => {
    await page.getByLabel("Property").selectOption({ label: name });
    await page.getByRole("button", { name: "Switch" }).click();
    await expect(page.getByRole("banner")).toContainText(`${name} (`);
    open = name;
  };
  const other = () => (open === "Harbour View Hotel" ? "Alpine Lodge" : "Harbour View Hotel");
  await signInAs(page, email);

  await switchTo("Alpine Lodge");
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  await page.goto("/bookings");
  await switchTo("Harbour View Hotel");
  await expect(page).toHaveURL(/\/bookings$/);

  // A booking of Harbour View is not Alpine Lodge's: back to the list of bookings.
  const booking = await e2eDb().booking.findFirstOrThrow({ where: { propertyId: harbour.id } });
  await page.goto(`/bookings/${booking.id}`);
  await switchTo("Alpine Lodge");
  await expect(page).toHaveURL(/\/bookings$/);

  await page.goto("/settings/webhooks");
  await switchTo("Harbour View Hotel");
  await expect(page).toHaveURL(/\/settings\/webhooks$/);

  // A returnTo edited in the form leads to the overview, on this site.
  const overview = new URL("/overview", page.url()).href;
  for (const forged of ["https://evil.example/bookings", "//evil.example/bookings", "/bookingsx"]) {
    await page.goto("/account");
    await page.locator("form", { has: page.getByLabel("Property") }).locator('input[name="returnTo"]').evaluate((input, value) => ((input as HTMLInputElement).value = value), forged);
    await switchTo(other());
    expect(page.url(), forged).toBe(overview);
  }
});

test("the overview passes an axe scan with no serious or critical violation, and reads at 390 px without sideways scrolling", async ({ page }, testInfo) => {
  const { email } = await newStaff("harbour-view-hotel", "admin");
  await signInAs(page, email);
  await page.getByText("Occupancy night by night (table)").click();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport: window.innerWidth }));
  expect(widths.document).toBeLessThanOrEqual(widths.viewport);
  expect(widths.body).toBeLessThanOrEqual(widths.viewport);
  await testInfo.attach("overview at 390 px", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});
