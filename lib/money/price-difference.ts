import { formatMoney, type Money } from "./currency";

/**
 * A new total against the old one, as a guest reads it: "+ €95.00", "− €40.00" (a minus sign,
 * not a hyphen), or null when it is the same (or the currencies differ, so no difference is
 * meaningful).
 */
export function formatPriceDifference(now: Money, before: Money, locale?: string): string | null {
  if (now.currency !== before.currency) return null;
  const delta = now.amount - before.amount;
  if (delta === 0) return null;
  return `${delta > 0 ? "+" : "\u2212"} ${formatMoney({ amount: Math.abs(delta), currency: now.currency }, locale)}`;
}
