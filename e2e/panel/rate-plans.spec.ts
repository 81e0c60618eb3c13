import { expect, test, type Page } from "@playwright/test";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { seriousViolations } from "../support/axe";
import { e2eDb } from "../support/db";
import { newStaff, signInAs } from "../support/panel";
import { addDays, partnerApi } from "../support/partner-api";

type Offer = { ratePlanId: string; name: string; price: { amount: number }; cancellation: { refundable: boolean; freeUntil: string | null } };

async function addPlan(page: Page, plan: { name: string; percent: string }) {
  const add = page.getByRole("region", { name: "Add a rate plan" });
  await add.getByLabel("Name").fill(plan.name);
  await add.getByLabel("A percentage of the night's rate").check();
  await add.getByLabel("Percentage (%)").fill(plan.percent);
  await add.getByLabel("Non-refundable (cancelling costs the whole stay)").check();
  await add.getByRole("button", { name: "Add rate plan" }).click();
  return add;
}

test("staff add a non-refundable plan and a min stay; the partner API offers the plan and refuses a shorter stay; the booking's page states its terms and fee", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { property, roomTypes } = await seedProperty(e2eDb(), { name: "Rate Plans Hotel", roomTypes: [{ name: "Double room", maxAdults: 2, rooms: 3, basePrice: 10_000 }] });
  const roomType = roomTypes[0]!;
  const { key } = await seedApiKey(e2eDb(), property.id, "write");
  const api = partnerApi(request, key);
  const today = (await (await api.get("/me")).json()).property.today as string;
  const checkin = addDays(today, 30);

  const { email } = await newStaff(property.slug, "admin");
  await signInAs(page, email);
  await page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Inventory" }).click();
  await page.getByRole("navigation", { name: "Inventory" }).getByRole("link", { name: "Rate plans" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rate plans" })).toBeVisible();
  const standard = page.getByRole("row", { name: /^Standard/ });
  await expect(standard).toContainText("The night's rate");
  // Free until the day of arrival, no fee could ever apply (no cancelling after it): none is named.
  await expect(standard).toContainText("Free cancellation until the day of arrival");
  await expect(standard).not.toContainText("then the first night");
  await expect(standard).toContainText("Locked");
  await expect(standard.getByRole("button")).toHaveCount(0);

  // A refusal beside its field, what was typed kept; then the plan.
  const refused = await addPlan(page, { name: "Non-refundable", percent: "-95" });
  await expect(refused.locator("#new-percent-error")).toHaveText("Percent must be a whole number from -90 to +200.");
  await expect(refused.getByLabel("Name")).toHaveValue("Non-refundable");
  const add = await addPlan(page, { name: "Non-refundable", percent: "-10" });
  await expect(add.getByRole("status")).toHaveText("Added Non-refundable: partners and guests are offered it from now on.");
  const row = page.getByRole("row", { name: /^Non-refundable/ });
  await expect(row).toContainText("\u221210 % on the night's rate");
  await expect(row).toContainText("All room types");
  await expect(row).toContainText("Active");
  await expect(page.getByTestId("history")).toContainText(`${email} created Non-refundable`);
  expect(await seriousViolations(page), "rate plans page").toEqual([]);

  // A min stay of 3 nights for arrivals on the check-in date, in the calendar's bulk edit.
  await page.goto(`/rates?roomType=${roomType.id}&month=${checkin.slice(0, 7)}`);
  const bulk = page.getByRole("region", { name: /^Bulk edit/ });
  await bulk.getByLabel("First night").fill(checkin);
  await bulk.getByLabel("Last night").fill(checkin);
  await bulk.getByLabel("Set min stay (nights)").fill("3");
  await bulk.getByRole("button", { name: "Apply to these nights" }).click();
  await expect(bulk.getByRole("status")).toContainText("Updated 1 night");
  await expect(page.getByTestId(`night-${checkin}`).getByTestId("restrictions").getByTitle("Stays arriving this night: at least 3 nights")).toContainText("min 3");
  await expect(page.getByTestId(`night-${addDays(checkin, 1)}`).getByTestId("restrictions")).toHaveCount(0);
  await expect(page.getByTestId(`night-${checkin}`).getByTestId("price")).toHaveText("€100.00"); // the price left as it was

  // The partner API: the plan offered for 3 nights (10 % off, not refundable); 2 nights refused, naming the rule.
  const availability = await api.get(`/availability?checkin=${checkin}&checkout=${addDays(checkin, 3)}&adults=2`);
  expect(availability.status()).toBe(200);
  const offers = ((await availability.json()).roomTypes as { roomTypeId: string; offers: Offer[] }[]).find((r) => r.roomTypeId === roomType.id)!.offers;
  const nonRefundable = offers.find((o) => o.name === "Non-refundable")!;
  expect(nonRefundable).toMatchObject({ price: { amount: 27_000 }, cancellation: { refundable: false, freeUntil: null } });
  expect(offers.map((o) => o.name)).toEqual(["Non-refundable", "Standard"]);
  const guest = { firstName: "Plan", lastName: "Guest", email: "plan.guest@example.com" };
  const short = await api.post("/bookings", { roomTypeId: roomType.id, checkin, checkout: addDays(checkin, 2), adults: 2, guest });
  expect(short.status()).toBe(409);
  expect(await short.json()).toMatchObject({ code: "stay_restricted", restriction: { rule: "min_stay", date: checkin, value: 3 } });

  // Booked with the plan: its page names the plan and terms; cancelled, the fee charged.
  const booked = await api.post("/bookings", { roomTypeId: roomType.id, checkin, checkout: addDays(checkin, 3), adults: 2, guest, ratePlanId: nonRefundable.ratePlanId });
  expect(booked.status()).toBe(201);
  const booking = await booked.json();
  await page.goto(`/bookings/${booking.id}`);
  const details = page.locator("dl").first();
  await expect(details).toContainText("Rate planNon-refundable");
  await expect(details).toContainText("Cancellation termsNon-refundable. Cancelling costs €270.00 at any time.");
  await expect(page.getByTestId("fee-now")).toHaveText("Cancelling now costs €270.00 under the booking's terms.");
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(details).toContainText("Cancellation fee€270.00");
  expect((await (await api.get(`/bookings/${booking.id}`)).json()).cancellationFee).toEqual({ amount: 27_000, currency: "EUR" });
  expect(await seriousViolations(page), "cancelled booking's page").toEqual([]);
});

test("a viewer sees the rate plans but no controls", async ({ page }) => {
  const { property } = await seedProperty(e2eDb(), { name: "Rate Plans Viewer Hotel" });
  const viewer = await newStaff(property.slug, "viewer");
  await signInAs(page, viewer.email);
  await page.goto("/rate-plans");
  await expect(page.getByRole("row", { name: /^Standard/ })).toContainText("Active");
  await expect(page.getByText("You have view access: only admins can add or change rate plans.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Add a rate plan" })).toHaveCount(0);
  for (const name of [/^Deactivate/, "Save", "Add rate plan"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  await expect(page.getByText("The Standard plan is locked")).toBeVisible();
  expect(await seriousViolations(page), "rate plans page, viewer").toEqual([]);
});

test("at the desk, a room type's rate plans are offered with their terms, and the one chosen is booked", async ({ page }) => {
  const { property, roomTypes } = await seedProperty(e2eDb(), { name: "Rate Plans Desk Hotel", roomTypes: [{ name: "Double room", maxAdults: 2, rooms: 3, basePrice: 10_000 }] });
  await createRatePlan(e2eDb(), { propertyId: property.id, name: "Non-refundable", priceRule: { percent: -10 }, cancellationPolicy: { type: "non_refundable" }, actor: TEST_ACTOR });
  const checkin = addDays(new Date().toISOString().slice(0, 10), 40);
  const { email } = await newStaff(property.slug, "admin");
  await signInAs(page, email);
  await page.goto(`/bookings/new?${new URLSearchParams({ roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 3), adults: "2" })}`);
  const offers = page.getByTestId("desk-offers");
  await expect(offers.getByRole("listitem")).toHaveCount(2);
  await expect(offers.locator("[aria-current]")).toContainText("Standard");
  await expect(page.getByTestId("desk-total")).toHaveText("€300.00");
  await expect(offers.getByRole("listitem").filter({ hasText: "Non-refundable" })).toContainText("Cancelling costs €270.00 at any time.");
  await offers.getByRole("link", { name: "Choose Non-refundable" }).click();
  await expect(page.getByTestId("desk-total")).toHaveText("€270.00");
  await expect(offers.locator("[aria-current]")).toContainText("Non-refundable");
  expect(await seriousViolations(page), "new booking with rate plans").toEqual([]);
  await page.getByLabel("First name").fill("Desk");
  await page.getByLabel("Last name").fill("Plan");
  await page.getByLabel("E-mail").fill("desk.plan@example.com");
  await page.getByRole("button", { name: "Create booking" }).click();
  await expect(page).toHaveURL(/\/bookings\/bk_/);
  await expect(page.locator("dl").first()).toContainText("Rate planNon-refundable");
  await expect(page.locator("dl").first()).toContainText("Price€270.00");
});
