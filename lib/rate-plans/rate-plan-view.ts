import type { Prisma, RatePlan } from "@/lib/generated/prisma/client";
import type { CancellationPolicy, RatePlanView } from "@/lib/schemas/rate-plans";
import type { PriceRule, RatePlanFields } from "./rate-plan-fields";

/** A rate plan row's cancellation policy, in the API's shape (also what a booking keeps of it). */
export function policyOf(plan: Pick<RatePlan, "cancellationType" | "freeDaysBefore" | "cancellationFee">): CancellationPolicy {
  return plan.cancellationType === "non_refundable"
    ? { type: "non_refundable" }
    : { type: "free_until", daysBefore: plan.freeDaysBefore ?? 0, fee: plan.cancellationFee === "full_stay" ? "full_stay" : "first_night" };
}

export function priceRuleOf(plan: Pick<RatePlan, "pricePercent" | "priceAmount">): PriceRule {
  if (plan.pricePercent !== null) return { percent: plan.pricePercent };
  if (plan.priceAmount !== null) return { amount: plan.priceAmount };
  return null;
}

/** A plan's fields as its row's columns. */
export function ratePlanColumns(fields: Partial<RatePlanFields>): Prisma.RatePlanUncheckedUpdateInput {
  const { priceRule, cancellationPolicy: policy } = fields;
  return {
    ...(fields.name !== undefined ? { name: fields.name.trim() } : {}),
    ...(fields.description !== undefined ? { description: fields.description.trim() } : {}),
    ...(fields.roomTypeIds !== undefined ? { roomTypeIds: [...new Set(fields.roomTypeIds)].sort() } : {}),
    ...(priceRule !== undefined
      ? { pricePercent: priceRule && "percent" in priceRule ? priceRule.percent : null, priceAmount: priceRule && "amount" in priceRule ? priceRule.amount : null }
      : {}),
    ...(policy !== undefined
      ? {
          cancellationType: policy.type,
          freeDaysBefore: policy.type === "free_until" ? policy.daysBefore : null,
          cancellationFee: policy.type === "free_until" ? policy.fee : null,
        }
      : {}),
  };
}

/**
 * A rate plan as GET /rate-plans shows it: the price rule is the hotel's business (offers show
 * its result). `allRoomTypeIds`: the property's room types, for a plan sold for all of them.
 */
export function toRatePlanView(plan: RatePlan, allRoomTypeIds: string[]): RatePlanView {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    roomTypeIds: plan.roomTypeIds.length ? plan.roomTypeIds : allRoomTypeIds,
    cancellationPolicy: policyOf(plan),
    active: plan.active,
  };
}
