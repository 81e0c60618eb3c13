import type { RatePlanFormValues } from "@/components/panel/rate-plan-form-states";
import type { RatePlan } from "@/lib/generated/prisma/client";
import { formatMoneyInput } from "@/lib/money/currency";
import { policyOf, priceRuleOf } from "@/lib/rate-plans/rate-plan-view";

/** A stored plan as its edit form shows it (the form readRatePlanForm reads back). */
export function ratePlanFormValues(plan: RatePlan, currency: string): RatePlanFormValues {
  const rule = priceRuleOf(plan);
  const policy = policyOf(plan);
  const amount = rule && "amount" in rule ? `${rule.amount < 0 ? "-" : ""}${formatMoneyInput({ amount: Math.abs(rule.amount), currency })}` : "";
  return {
    name: plan.name,
    description: plan.description,
    priceRule: rule === null ? "none" : "percent" in rule ? "percent" : "amount",
    percent: rule && "percent" in rule ? String(rule.percent) : "",
    amount,
    policy: policy.type,
    daysBefore: policy.type === "free_until" ? String(policy.daysBefore) : "",
    fee: policy.type === "free_until" ? policy.fee : "first_night",
    roomTypeIds: plan.roomTypeIds,
  };
}
