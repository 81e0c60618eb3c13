import type { RatePlanFormState, RatePlanFormValues } from "@/components/panel/rate-plan-form-states";
import { parseMoney } from "@/lib/money/currency";
import { ratePlanFieldProblems, type PriceRule, type RatePlanField, type RatePlanFields } from "@/lib/rate-plans/rate-plan-fields";
import type { CancellationPolicy } from "@/lib/schemas/rate-plans";
import { asSentence } from "@/lib/text/as-sentence";

type FieldErrors = NonNullable<RatePlanFormState["fieldErrors"]>;

/** The form field a domain problem is shown beside. */
const FIELD_OF: Record<RatePlanField, keyof RatePlanFormValues> = { name: "name", description: "description", priceRule: "priceRule", cancellationPolicy: "policy", roomTypeIds: "roomTypeIds" };

/** "-10", "+15", "−5": a whole percentage with an optional sign (a typographic minus too). */
function readPercent(text: string): number | undefined {
  const match = /^([+\-\u2212]?)\s*(\d{1,4})\s*%?$/.exec(text.trim());
  return match ? (match[1] ? (match[1] === "+" ? 1 : -1) : 1) * Number(match[2]) : undefined;
}

/** Money added (or, with a minus, taken off) a night: parseMoney on what follows the sign. */
function readAmount(text: string, currency: string): { ok: true; amount: number } | { ok: false; message: string } {
  const match = /^\s*([+\-\u2212]?)\s*(.*)$/.exec(text)!;
  const parsed = parseMoney(match[2]!, currency);
  if (!parsed.ok) return parsed;
  return { ok: true, amount: match[1] === "-" || match[1] === "\u2212" ? -parsed.amount : parsed.amount };
}

function readPriceRule(values: RatePlanFormValues, currency: string, errors: FieldErrors): PriceRule | undefined {
  switch (values.priceRule) {
    case "none":
      return null;
    case "percent": {
      const percent = readPercent(values.percent);
      if (percent === undefined) errors.percent = "Enter a whole percentage, e.g. -10 to take 10 % off.";
      return percent === undefined ? undefined : { percent };
    }
    case "amount": {
      const amount = readAmount(values.amount, currency);
      if (!amount.ok) errors.amount = amount.message;
      return amount.ok ? { amount: amount.amount } : undefined;
    }
    default:
      errors.priceRule = "Choose the night's rate, a percentage or an amount.";
      return undefined;
  }
}

function readPolicy(values: RatePlanFormValues, errors: FieldErrors): CancellationPolicy | undefined {
  if (values.policy === "non_refundable") return { type: "non_refundable" };
  if (values.policy !== "free_until") {
    errors.policy = "Choose free cancellation or non-refundable.";
    return undefined;
  }
  if (!/^\d{1,3}$/.test(values.daysBefore.trim())) errors.daysBefore = "Enter a whole number of days, e.g. 3 (0: until the day of arrival).";
  if (values.fee !== "first_night" && values.fee !== "full_stay") errors.fee = "Choose the first night or the whole stay.";
  if (errors.daysBefore || errors.fee) return undefined;
  return { type: "free_until", daysBefore: Number(values.daysBefore.trim()), fee: values.fee as "first_night" | "full_stay" };
}

/**
 * The rate plan form read and checked: the price rule as a percentage or money in the property's
 * currency, the cancellation policy, the room types ticked (none: all), then the domain's own
 * rules (ratePlanFieldProblems, as the admin CLI's) on every field, each message beside its field.
 */
export function readRatePlanForm(form: FormData, currency: string): { values: RatePlanFormValues; fields?: RatePlanFields; refusal?: RatePlanFormState } {
  const text = (name: string) => String(form.get(name) ?? "");
  const values: RatePlanFormValues = {
    name: text("name"),
    description: text("description"),
    priceRule: text("priceRule") || "none",
    percent: text("percent"),
    amount: text("amount"),
    policy: text("policy") || "free_until",
    daysBefore: text("daysBefore"),
    fee: text("fee") || "first_night",
    roomTypeIds: form.getAll("roomTypeIds").map(String),
  };
  const fieldErrors: FieldErrors = {};
  const priceRule = readPriceRule(values, currency, fieldErrors);
  const cancellationPolicy = readPolicy(values, fieldErrors);
  const fields: Partial<RatePlanFields> = { name: values.name, description: values.description, roomTypeIds: values.roomTypeIds };
  if (priceRule !== undefined) fields.priceRule = priceRule;
  if (cancellationPolicy) fields.cancellationPolicy = cancellationPolicy;
  for (const problem of ratePlanFieldProblems(fields)) {
    const field = problem.field === "priceRule" ? (values.priceRule === "amount" ? "amount" : "percent") : problem.field === "cancellationPolicy" ? "daysBefore" : FIELD_OF[problem.field];
    fieldErrors[field] ??= asSentence(problem.message);
  }
  if (!Object.keys(fieldErrors).length) return { values, fields: fields as RatePlanFields };
  return { values, refusal: { values, fieldErrors, error: "Check the highlighted fields." } };
}
