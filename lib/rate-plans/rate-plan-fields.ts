import type { FieldError } from "@/lib/errors";
import { MAX_PRICE_MINOR } from "@/lib/money/currency";
import type { CancellationPolicy } from "@/lib/schemas/rate-plans";
import { freeTextProblem, nameProblems } from "@/lib/text/free-text";

/**
 * A plan's price rule on top of each night's rate: a percentage (-90 to +200: -10 is "save
 * 10 %"), or an amount in minor units added (or, negative, taken off) per night, or neither
 * (the night's rate). The database prices (rate_plan_price: half up to the minor unit, never
 * below 0); this is only what staff may set.
 */
export type PriceRule = { percent: number } | { amount: number } | null;

/** What staff set on a rate plan (the admin CLI and the panel alike). */
export type RatePlanFields = {
  name: string;
  description: string;
  priceRule: PriceRule;
  cancellationPolicy: CancellationPolicy;
  /** The room types it is sold for; empty: all of them. */
  roomTypeIds: string[];
};

export type RatePlanField = keyof RatePlanFields;

export const MIN_PERCENT = -90;
export const MAX_PERCENT = 200;
export const MAX_DAYS_BEFORE = 365;

/** The problems of the fields given (fields left out are not checked), each named by its field. */
export function ratePlanFieldProblems(fields: Partial<RatePlanFields>): (FieldError & { field: RatePlanField })[] {
  const problems: (FieldError & { field: RatePlanField })[] = [];
  if (fields.name !== undefined) problems.push(...nameProblems(fields.name).map((message) => ({ field: "name" as const, message })));
  if (fields.description !== undefined) {
    if (fields.description.trim().length > 500) problems.push({ field: "description", message: "description must be at most 500 characters" });
    const descriptionProblem = freeTextProblem(fields.description, { multiline: true });
    if (descriptionProblem) problems.push({ field: "description", message: `description: ${descriptionProblem}` });
  }
  const rule = fields.priceRule;
  if (rule && "percent" in rule && (!Number.isInteger(rule.percent) || rule.percent < MIN_PERCENT || rule.percent > MAX_PERCENT)) {
    problems.push({ field: "priceRule", message: `percent must be a whole number from ${MIN_PERCENT} to +${MAX_PERCENT}` });
  }
  if (rule && "amount" in rule && (!Number.isInteger(rule.amount) || Math.abs(rule.amount) > MAX_PRICE_MINOR)) {
    problems.push({ field: "priceRule", message: "amount must be a whole number of minor units from -100,000,000 to 100,000,000" });
  }
  const policy = fields.cancellationPolicy;
  if (policy?.type === "free_until" && (!Number.isInteger(policy.daysBefore) || policy.daysBefore < 0 || policy.daysBefore > MAX_DAYS_BEFORE)) {
    problems.push({ field: "cancellationPolicy", message: `free cancellation must end 0 to ${MAX_DAYS_BEFORE} days before check-in` });
  }
  if (policy?.type === "free_until" && policy.fee !== "first_night" && policy.fee !== "full_stay") {
    problems.push({ field: "cancellationPolicy", message: "the fee must be first_night or full_stay" });
  }
  return problems;
}
