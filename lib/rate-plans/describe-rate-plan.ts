import { formatMoney } from "@/lib/money/currency";
import type { CancellationPolicy } from "@/lib/schemas/rate-plans";
import type { PriceRule } from "./rate-plan-fields";

const MINUS = "\u2212";

/** A plan's price rule as staff read it: "−10 % on the night's rate", "+€15.00 a night", "The night's rate". */
export function describePriceRule(rule: PriceRule, currency: string): string {
  if (rule === null) return "The night's rate";
  if ("percent" in rule) {
    if (rule.percent === 0) return "The night's rate";
    return `${rule.percent < 0 ? MINUS : "+"}${Math.abs(rule.percent)} % on the night's rate`;
  }
  if (rule.amount === 0) return "The night's rate";
  return `${rule.amount < 0 ? MINUS : "+"}${formatMoney({ amount: Math.abs(rule.amount), currency })} a night`;
}

const FEES = { first_night: "the first night", full_stay: "the whole stay" } as const;

/**
 * "Free cancellation until 3 days before arrival, then the first night"; "Non-refundable". Free
 * until the day of arrival, no fee can apply (a booking cannot be cancelled after its check-in
 * date: cancellation-in-words.ts), so none is named.
 */
export function describeCancellationPolicy(policy: CancellationPolicy): string {
  if (policy.type === "non_refundable") return "Non-refundable";
  if (policy.daysBefore === 0) return "Free cancellation until the day of arrival";
  return `Free cancellation until ${policy.daysBefore} day${policy.daysBefore === 1 ? "" : "s"} before arrival, then ${FEES[policy.fee]}`;
}
