/** A rate plan's price rule as it is stored: a percentage, or an amount per night, or neither (the night's rate). */
export type StoredPriceRule = { percent: number | null; amount: number | null };

/**
 * A night's price under a plan: the percentage rounded half up to the minor unit, or the amount
 * added (never below 0), or the night's rate. The same rule as the database's rate_plan_price,
 * which prices bookings and changes (book_stay, changeBooking); availability prices its offers
 * here, in one pass over the nights, and test/integration/rate-plans.test.ts holds the two equal
 * over every percentage and a grid of rates and amounts.
 */
export function ratePlanPrice(rate: number, rule: StoredPriceRule): number {
  // Rates are integers from 0 to MAX_PRICE_MINOR and percentages at least −90: the product is
  // exact in a double and never negative, so floor is PostgreSQL's integer division.
  if (rule.percent !== null) return Math.floor((rate * (100 + rule.percent) + 50) / 100);
  if (rule.amount !== null) return Math.max(0, rate + rule.amount);
  return rate;
}
