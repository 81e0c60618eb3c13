import { expect, test } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { addDays } from "../support/partner-api";
import { fillGuest, newGuest, search, stayAt } from "../support/site";


test("every page of the guest site passes an axe scan with no serious or critical violation", async ({ page, request }) => {
  // Nine pages and states, each with a booking step and an axe scan: about 30 s alone on two busy cores.
  test.slow();
  const stay = await stayAt(request, 460, 2);
  const scanned: string[] = [];
  const scan = async (name: string) => {
    expect(await seriousViolations(page), name).toEqual([]);
    scanned.push(name);
  };

  await page.goto("/");
  await scan("home");
  await page.goto("/search?checkin=2020-01-01&checkout=2020-01-03&adults=2");
  await scan("search with errors");
  await page.goto("/");
  await search(page, stay, 2);
  await page.getByRole("link", { name: "Choose Double Room, Standard" }).waitFor();
  await scan("results");
  await page.getByRole("link", { name: "Choose Double Room, Standard" }).click();
  await fillGuest(page, { firstName: "", lastName: "", email: "x" });
  await page.getByRole("button", { name: "Book" }).click();
  await page.locator("#email-error").waitFor();
  await scan("guest details with errors");
  await fillGuest(page, newGuest("Ines"));
  await page.getByRole("button", { name: "Book" }).click();
  await page.getByRole("heading", { name: "Your booking is confirmed" }).waitFor();
  await scan("confirmation");
  await page.getByRole("link", { name: "Manage your booking" }).click();
  await page.getByRole("button", { name: "Cancel booking" }).waitFor();
  await scan("manage");
  await page.getByRole("link", { name: "Change dates or guests" }).click();
  await page.getByLabel("Check-out").fill(addDays(stay.checkout, 1));
  await page.getByLabel("Adults").fill("9");
  await page.getByRole("button", { name: "See the new price" }).click();
  await page.locator("#adults-error").waitFor();
  await scan("change booking with errors");
  await page.getByLabel("Adults").fill("2");
  await page.getByRole("button", { name: "See the new price" }).click();
  await page.getByRole("button", { name: "Confirm change" }).waitFor();
  await scan("change booking preview");
  await page.goto("/find");
  await scan("find your booking");
  expect(scanned).toHaveLength(9);
});
