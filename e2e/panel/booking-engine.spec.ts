import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { seedProperty } from "@/prisma/factories";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";

/** Settings › Booking engine (issue 24): on, the snippet, the allowed sites and colour checked beside their fields, the key rotated, off. */
test("an admin turns the booking engine on, gets the snippet, sets the allowed sites and colour, rotates its key and turns it off", async ({ page }) => {
  // A hotel of the test's own, whose engine is off as every new hotel's is (the demo hotel's is on
  // from the seed, and other tests use it): turning it on is part of the test, every run.
  const { property } = await seedProperty(e2eDb(), { name: `Engine Hotel ${randomBytes(3).toString("hex")}` });
  const { email } = await newStaff(property.slug, "admin");
  await signInAs(page, email);
  await page.goto("/settings/booking-engine");
  await expect(page.getByRole("heading", { name: "The engine is off" })).toBeVisible();
  await expect(page.getByTestId("engine-snippet")).toHaveCount(0);
  await page.getByRole("button", { name: "Turn the booking engine on" }).click();
  await expect(page.getByRole("heading", { name: "The engine is on" })).toBeVisible();
  await expect(page.getByText(`${email} turned the booking engine on`)).toBeVisible();
  await expect(page.getByTestId("engine-snippet")).toHaveText(new RegExp(`^<script src="http[^"]+/widget\\.js" data-hotel="${property.slug}" async></script>$`));
  await expect(page.getByText(/integrity="sha384-[A-Za-z0-9+/=]{64}"/)).toBeVisible();
  // The preview shows the widget as a hotel's website would (the panel is the one other page that may frame it).
  await expect(page.frameLocator("[data-testid=engine-preview]").getByRole("button", { name: "Search" })).toBeVisible();
  const widget = await page.request.get("/widget.js");
  expect([widget.status(), widget.headers()["content-type"]]).toEqual([200, "text/javascript; charset=utf-8"]);
  expect(await widget.text()).toContain("room-booking:booked");

  await page.getByLabel("Sites that may show the widget").fill("https://www.harbour-view.example\nhttp://harbour-view.example");
  await page.getByLabel("Accent colour").fill("#ffcc00");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Check the highlighted fields.")).toBeVisible();
  await expect(page.getByText(/https:\/\/ only/)).toBeVisible();
  await expect(page.getByText(/choose a darker colour/)).toBeVisible();

  await page.getByLabel("Sites that may show the widget").fill("https://www.harbour-view.example\nhttp://localhost:4000");
  await page.getByLabel("Accent colour").fill("#7a1d3c");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved. The site and the widget show it on their next page.")).toBeVisible();
  await expect(page.getByLabel("Sites that may show the widget")).toHaveValue("https://www.harbour-view.example\nhttp://localhost:4000");

  const hint = async () => (await page.locator("section", { hasText: "The engine's key" }).locator(".font-mono").textContent())!.trim();
  const before = await hint();
  await page.getByRole("button", { name: "Rotate the engine's key" }).click();
  await expect.poll(hint).not.toBe(before);
  await page.goto("/settings/api-keys");
  await expect(page.locator("tr", { hasText: "Booking engine" }).filter({ hasText: "active" })).toHaveCount(1);

  await page.goto("/settings/booking-engine");
  await page.getByRole("button", { name: "Turn the booking engine off" }).click();
  await expect(page.getByRole("heading", { name: "The engine is off" })).toBeVisible();
  await expect(page.getByText(`${email} turned the booking engine off`)).toBeVisible();
});
