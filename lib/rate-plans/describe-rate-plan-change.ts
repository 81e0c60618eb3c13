import type { CancellationPolicy } from "@/lib/schemas/rate-plans";
import { quotedText } from "@/lib/text/quoted-text";
import { describeCancellationPolicy, describePriceRule } from "./describe-rate-plan";
import type { PriceRule } from "./rate-plan-fields";

type Context = { currency: string; roomTypeNames: Map<string, string> };

/** The room types a plan is sold for, by name: "all room types" when none is named. */
export function describeSoldFor(roomTypeIds: readonly string[], roomTypeNames: Map<string, string>): string {
  if (!roomTypeIds.length) return "All room types";
  return roomTypeIds.map((id) => roomTypeNames.get(id) ?? id).sort((a, b) => a.localeCompare(b)).join(", ");
}

function value(field: string, raw: unknown, context: Context): string {
  if (field === "priceRule") return describePriceRule((raw ?? null) as PriceRule, context.currency);
  if (field === "cancellationPolicy") return raw ? describeCancellationPolicy(raw as CancellationPolicy) : "?";
  if (field === "roomTypeIds") return describeSoldFor(Array.isArray(raw) ? (raw as string[]) : [], context.roomTypeNames);
  return quotedText(raw);
}

const FIELD_NAMES: Record<string, string> = { name: "name", description: "description", priceRule: "price", cancellationPolicy: "cancellation", roomTypeIds: "sold for" };

/**
 * What a rate plan change did, in words, from its audit row's details: "created Non-refundable:
 * −10 % on the night's rate; Non-refundable; sold for All room types", "changed Early bird:
 * price −10 % on the night's rate → −15 % on the night's rate", "deactivated Early bird".
 */
export function describeRatePlanChange(action: string, details: unknown, context: Context): string {
  const d = (details ?? {}) as Record<string, unknown>;
  if (action === "rate_plan_created") {
    return `created ${String(d.name)}: ${value("priceRule", d.priceRule, context)}; ${value("cancellationPolicy", d.cancellationPolicy, context)}; sold for ${value("roomTypeIds", d.roomTypeIds, context)}`;
  }
  if (action === "rate_plan_updated") {
    const changes = (d.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
    const fields = Object.keys(FIELD_NAMES).filter((field) => field in changes);
    const lines = fields.map((field) => `${FIELD_NAMES[field]} ${value(field, changes[field]!.from, context)} → ${value(field, changes[field]!.to, context)}`);
    return `changed ${String(d.ratePlanName)}: ${lines.join("; ") || "nothing"}`;
  }
  if (action === "rate_plan_deactivated") return `deactivated ${String(d.ratePlanName)}`;
  return action;
}
