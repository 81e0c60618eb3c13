import { addDays, dayOfWeek, nightsOfStay, type CalendarDate } from "@/lib/dates/calendar-date";
import { ratePlanPrice } from "@/lib/rate-plans/rate-plan-price";

/**
 * The prices of the OpenAPI examples' story (lib/schemas/openapi-examples.ts): each room type's
 * nightly rate, the hotel's two rate plans, and the offers and cancellation terms they make, worked
 * out as the database does (ratePlanPrice, cancellation_terms).
 */

export const STORY_CURRENCY = "EUR";
const TIME_ZONE = "Europe/Lisbon";
const STANDARD_PLAN_ID = "rp_7k2m9q4x8c1v5b3n6t0d";
const NON_REFUNDABLE_PLAN_ID = "rp_c5v1b8n3m6x9k2q4t7d0";
const CURRENCY = STORY_CURRENCY;

/** A night's price of each room type: weekends (Friday and Saturday nights) cost more. */
export function nightPrice(roomType: "single" | "double" | "suite", date: CalendarDate): number {
  const weekend = dayOfWeek(date) === 5 || dayOfWeek(date) === 6;
  return { single: weekend ? 10_900 : 9_500, double: weekend ? 16_500 : 14_400, suite: weekend ? 27_000 : 24_000 }[roomType];
}

/** The story's plans: Standard (v1's terms) and "Non-refundable, save 10 %". */
export const RATE_PLANS = {
  standard: { id: STANDARD_PLAN_ID, name: "Standard", description: "Free cancellation until the day of arrival.", percent: 0, policy: { type: "free_until", daysBefore: 0, fee: "first_night" } },
  nonRefundable: { id: NON_REFUNDABLE_PLAN_ID, name: "Non-refundable", description: "Pay less, no refund.", percent: -10, policy: { type: "non_refundable" } },
} as const;

export function priced(roomType: "single" | "double" | "suite", checkin: CalendarDate, checkout: CalendarDate, percent = 0) {
  const nightly = nightsOfStay(checkin, checkout).map((date) => ({ date, amount: ratePlanPrice(nightPrice(roomType, date), { percent, amount: null }) }));
  return { price: { amount: nightly.reduce((sum, night) => sum + night.amount, 0), currency: CURRENCY }, nightly };
}

/** The UTC instant of midnight starting `date` in the story's time zone (Lisbon: UTC in winter, UTC+1 in summer). */
function midnightAt(date: CalendarDate): string {
  const offset = new Intl.DateTimeFormat("en", { timeZone: TIME_ZONE, timeZoneName: "longOffset" }).formatToParts(new Date(`${date}T12:00:00Z`)).find((part) => part.type === "timeZoneName")!.value;
  const hours = offset === "GMT" ? 0 : Number(offset.slice(3, 6));
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - hours * 3_600_000).toISOString();
}

/** A plan's terms for a stay booked well ahead (as cancellation_terms works them out). */
export function termsOf(plan: (typeof RATE_PLANS)[keyof typeof RATE_PLANS], checkin: CalendarDate, stay: ReturnType<typeof priced>) {
  if (plan.policy.type === "non_refundable") return { refundable: false, freeUntil: null, feeFrom: null, fee: stay.price };
  const freeUntil = addDays(checkin, -plan.policy.daysBefore);
  // Free until the day of arrival, no fee can apply: cancelling closes at the end of the check-in date.
  if (plan.policy.daysBefore === 0) return { refundable: true, freeUntil, feeFrom: null, fee: { amount: 0, currency: CURRENCY } };
  return { refundable: true, freeUntil, feeFrom: midnightAt(addDays(freeUntil, 1)), fee: { amount: stay.nightly[0]!.amount, currency: CURRENCY } };
}

/** A room type's offers under the plans asked for, cheapest first. */
export function offersOf(roomType: "single" | "double" | "suite", checkin: CalendarDate, checkout: CalendarDate, plans: (typeof RATE_PLANS)[keyof typeof RATE_PLANS][]) {
  return plans.map((plan) => {
    const stay = priced(roomType, checkin, checkout, plan.percent);
    return { ratePlanId: plan.id, name: plan.name, ...stay, cancellation: termsOf(plan, checkin, stay) };
  });
}
