import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { guestWords } from "@/lib/i18n/guest-words";

const formatWeekdayDayMonth = guestWords("en").weekdayDayMonth;
import { createRatePlan, deactivateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { e2eDb } from "../support/db";
import { partnerApi } from "../support/partner-api";
import { bookingsOf, fillGuest, newGuest, search, snap } from "../support/site";
import { ownStay } from "../support/stays";

// A non-refundable plan for the Twin Room only (no other spec chooses that room), at the
// night's rate: other specs running beside this one still see one offer per room they choose,
// and totals in the same order. Deactivated afterwards (bookings keep their terms).
const planName = `Non-refundable ${randomBytes(3).toString("hex")}`;
let plan: { id: string; propertyId: string } | undefined;

test.beforeAll(async ({ request }) => {
  const me = await (await partnerApi(request).get("/me")).json();
  const roomTypes = (await (await partnerApi(request).get("/room-types")).json()).data as { id: string; name: string }[];
  const twin = roomTypes.find((r) => r.name === "Twin Room")!;
  plan = await createRatePlan(e2eDb(), { propertyId: me.property.id, name: planName, priceRule: null, cancellationPolicy: { type: "non_refundable" }, roomTypeIds: [twin.id], actor: TEST_ACTOR });
});

test.afterAll(async () => {
  if (plan) await deactivateRatePlan(e2eDb(), { id: plan.id, propertyId: plan.propertyId, actor: TEST_ACTOR });
});

test("a guest chooses a room's non-refundable offer, books it, and sees its terms on the confirmation and the manage page", async ({ page, request }) => {
  const stay = await ownStay(3);
  const guest = newGuest("Rui");

  await page.goto("/");
  await search(page, stay, 2);
  const rates = page.getByRole("list", { name: "Rates for Twin Room" });
  const standard = rates.getByRole("listitem").filter({ hasText: "Standard" });
  const nonRefundable = rates.getByRole("listitem").filter({ hasText: planName });
  // Free until the check-in date, after which nothing can be cancelled: no fee is promised.
  await expect(standard.getByTestId("offer-terms")).toHaveText(`Free cancellation until ${formatWeekdayDayMonth(stay.checkin)}`);
  await expect(nonRefundable.getByTestId("offer-terms")).toContainText("Non-refundable");
  const total = (await nonRefundable.getByTestId("offer-total").textContent())!.trim();
  await snap(page, "1-offers");

  await nonRefundable.getByRole("link", { name: `Choose Twin Room, ${planName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await expect(page.getByTestId("stay-rate-plan")).toHaveText(planName);
  await expect(page.getByTestId("stay-cancellation")).toHaveText(`Non-refundable, cancelling costs ${total}`);
  await fillGuest(page, guest);
  await page.getByRole("button", { name: "Book" }).click();

  await expect(page.getByRole("heading", { name: "Your booking is confirmed" })).toBeVisible();
  await expect(page.getByTestId("booking-rate-plan")).toHaveText(planName);
  await expect(page.getByTestId("booking-cancellation")).toHaveText(`Non-refundable, cancelling costs ${total}`);
  await expect(page.getByTestId("booking-price")).toHaveText(total);
  await snap(page, "2-confirmation");

  const [booking] = await bookingsOf(request, stay.checkin, guest.email);
  expect(booking).toMatchObject({ ratePlan: { id: plan!.id, name: planName }, cancellation: { refundable: false, freeUntil: null } });

  await page.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page.getByTestId("cancel-fee-now")).toHaveText(`Cancelling now costs ${total}.`);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(`Cancelling now costs ${total}`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`This booking is cancelled. The cancellation fee is ${total}.`);
  await expect(page.getByTestId("booking-cancellation-fee")).toHaveText(total);
  await snap(page, "3-cancelled");
});
