import { expect, test } from "@playwright/test";
import { pageWithSnippet } from "../support/engine";
import { newStaff, signInAs } from "../support/panel";

/**
 * As a new user on a fresh clone: the development server (as npm run dev runs it: no
 * PUBLIC_BASE_URL, a port of its own) with the demo hotel's booking engine on. The snippet the
 * panel gives points at this server's port, and pasted into a page of another site it shows the
 * widget where that site is allowed, and no box where it is not.
 */
test("the panel's snippet points at this server's port; pasted on an allowed site it shows the widget, elsewhere no box", async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  const { email } = await newStaff("harbour-view-hotel", "admin");
  await signInAs(page, email);
  await page.goto("/settings/booking-engine");
  await expect(page.getByRole("heading", { name: "The engine is on" })).toBeVisible();
  const snippet = (await page.getByTestId("engine-snippet").textContent())!;
  expect(snippet).toBe(`<script src="http://localhost:${port}/widget.js" data-hotel="harbour-view-hotel" async></script>`);

  const allowed = await pageWithSnippet(snippet);
  const other = await pageWithSnippet(snippet);
  try {
    await page.getByLabel("Sites that may show the widget").fill(allowed.origin);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved. The site and the widget show it on their next page.")).toBeVisible();

    await page.goto(allowed.origin);
    await expect(page.frameLocator("iframe[title='Book your stay']").getByRole("button", { name: "Search" })).toBeVisible({ timeout: 60_000 });
    expect(await page.locator("iframe").evaluate((frame) => frame.getBoundingClientRect().height)).toBeGreaterThan(100);

    const advice: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("Room Booking widget:")) advice.push(message.text());
    });
    await page.goto(other.origin);
    await expect(page.locator("iframe")).toHaveCount(0, { timeout: 60_000 });
    expect(advice).toEqual([expect.stringContaining(`Add ${other.origin} to its allowed sites`)]);
  } finally {
    await allowed.close();
    await other.close();
  }
});
