import { addDays, dayOfWeek, nightsOfStay, type CalendarDate } from "@/lib/dates/calendar-date";

/**
 * The prices of the OpenAPI examples' story (lib/openapi/examples.ts): each room type's nightly
 * price under the hotel's two rate plans, and the offers and cancellation terms they make, as
 * plain data; test/unit/openapi-example-data.test.ts holds them to the pricing the database does
 * (ratePlanPrice, cancellation_terms).
 */

export const STORY_CURRENCY = "EUR";
const TIME_ZONE = "Europe/Lisbon";
const STANDARD_PLAN_ID = "rp_7k2m9q4x8c1v5b3n6t0d";
const NON_REFUNDABLE_PLAN_ID = "rp_c5v1b8n3m6x9k2q4t7d0";
const CURRENCY = STORY_CURRENCY;

type RoomTypeName = "single" | "double" | "suite";
/** A night's price, [from Sunday to Thursday, on Friday and Saturday nights]: weekends cost more. */
type NightPrices = Record<RoomTypeName, readonly [weekday: number, weekend: number]>;

/** The story's plans: Standard (v1's terms: the night's rate) and "Non-refundable, save 10 %" (rounded half up). */
export const RATE_PLANS = {
  standard: {
    id: STANDARD_PLAN_ID,
    name: "Standard",
    description: "Free cancellation until the day of arrival.",
    percent: 0,
    policy: { type: "free_until", daysBefore: 0, fee: "first_night" },
    nightPrices: { single: [9_500, 10_900], double: [14_400, 16_500], suite: [24_000, 27_000] } satisfies NightPrices,
  },
  nonRefundable: {
    id: NON_REFUNDABLE_PLAN_ID,
    name: "Non-refundable",
    description: "Pay less, no refund.",
    percent: -10,
    policy: { type: "non_refundable" },
    nightPrices: { single: [8_550, 9_810], double: [12_960, 14_850], suite: [21_600, 24_300] } satisfies NightPrices,
  },
} as const;

type Plan = (typeof RATE_PLANS)[keyof typeof RATE_PLANS];

/**
 * The story's children's age bands (GET /me) and each room type's occupancy: the Family Suite's
 * rate covers two adults, each adult above pays 30.00 a night; a child adds its band's amount.
 */
export const STORY_CHILD_AGE_BANDS = [
  { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
  { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
  { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
] as const;
export const STORY_OCCUPANCY = {
  single: { maxAdults: 1, maxChildren: 0, maxOccupancy: 1, adultsIncluded: 1, extraAdult: 0 },
  double: { maxAdults: 2, maxChildren: 1, maxOccupancy: 3, adultsIncluded: 2, extraAdult: 0 },
  suite: { maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3_000 },
} as const satisfies Record<RoomTypeName, unknown>;

/** What a party adds to a night (the API's Extra). */
type StoryExtra = { kind: "adult" | "child"; band?: string; count: number; amount: { amount: number; currency: string } };

/** The story's family: two adults and two children of 4 and 9, both in the Child band. */
export const STORY_FAMILY = { adults: 2, childrenAges: [4, 9] };
export const STORY_FAMILY_EXTRAS = [{ kind: "child", band: "Child", count: 2, amount: { amount: 1_500, currency: STORY_CURRENCY } }] as const;

/** A night's price of a room type under a plan (the Standard plan's: the night's rate). */
export function nightPrice(roomType: RoomTypeName, date: CalendarDate, plan: Plan = RATE_PLANS.standard): number {
  const weekend = dayOfWeek(date) === 5 || dayOfWeek(date) === 6;
  return plan.nightPrices[roomType][weekend ? 1 : 0];
}

/**
 * A stay's nightly prices and total under a plan; with `extras` (what a party adds a night, in
 * minor units), each night's rate plus the extras under the plan's percentage, rounded half up.
 */
export function priced(roomType: RoomTypeName, checkin: CalendarDate, checkout: CalendarDate, plan: Plan = RATE_PLANS.standard, extras = 0) {
  const nightly = nightsOfStay(checkin, checkout).map((date) => ({
    date,
    amount: extras === 0 ? nightPrice(roomType, date, plan) : Math.floor(((nightPrice(roomType, date) + extras) * (100 + plan.percent) + 50) / 100),
  }));
  return { price: { amount: nightly.reduce((sum, night) => sum + night.amount, 0), currency: CURRENCY }, nightly };
}

/** The UTC instant of midnight starting `date` in the story's time zone (Lisbon: UTC in winter, UTC+1 in summer). */
function midnightAt(date: CalendarDate): string {
  const offset = new Intl.DateTimeFormat("en", { timeZone: TIME_ZONE, timeZoneName: "longOffset" }).formatToParts(new Date(`${date}T12:00:00Z`)).find((part) => part.type === "timeZoneName")!.value;
  const hours = offset === "GMT" ? 0 : Number(offset.slice(3, 6));
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - hours * 3_600_000).toISOString();
}

/** A plan's terms for a stay booked well ahead (as cancellation_terms works them out). */
export function termsOf(plan: Plan, checkin: CalendarDate, stay: ReturnType<typeof priced>) {
  if (plan.policy.type === "non_refundable") return { refundable: false, freeUntil: null, feeFrom: null, fee: stay.price };
  const freeUntil = addDays(checkin, -plan.policy.daysBefore);
  // Free until the day of arrival, no fee can apply: cancelling closes at the end of the check-in date.
  if (plan.policy.daysBefore === 0) return { refundable: true, freeUntil, feeFrom: null, fee: { amount: 0, currency: CURRENCY } };
  return { refundable: true, freeUntil, feeFrom: midnightAt(addDays(freeUntil, 1)), fee: { amount: stay.nightly[0]!.amount, currency: CURRENCY } };
}

/** A room type's offers under the plans asked for, cheapest first; for a party, with what it adds a night (`extras`). */
export function offersOf(roomType: RoomTypeName, checkin: CalendarDate, checkout: CalendarDate, plans: Plan[], extras: readonly StoryExtra[] = []) {
  const perNight = extras.reduce((sum, extra) => sum + extra.count * extra.amount.amount, 0);
  return plans.map((plan) => {
    const stay = priced(roomType, checkin, checkout, plan, perNight);
    return { ratePlanId: plan.id, name: plan.name, ...stay, extras: extras.map((extra) => ({ ...extra, amount: { ...extra.amount } })), cancellation: termsOf(plan, checkin, stay) };
  });
}
