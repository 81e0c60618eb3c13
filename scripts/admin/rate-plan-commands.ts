import { describeCancellationPolicy } from "@/lib/rate-plans/describe-rate-plan";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { RatePlan } from "@/lib/generated/prisma/client";
import { isId } from "@/lib/ids";
import { findPropertyBySlug } from "@/lib/properties/find-property";
import { ratePlanFieldProblems, type PriceRule } from "@/lib/rate-plans/rate-plan-fields";
import { findRatePlans } from "@/lib/rate-plans/list-rate-plans";
import { priceRuleOf, toRatePlanView } from "@/lib/rate-plans/rate-plan-view";
import { createRatePlan, deactivateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { CANCELLATION_FEES, type CancellationPolicy } from "@/lib/schemas/rate-plans";
import { defineCommand, refuseProblems } from "./command";
import type { CommandArgs } from "./parse-args";
import { UsageError } from "./parse-args";
import { formatTable } from "./output";

/** A plan as GET /rate-plans shows it, plus its price rule (the hotel's own business, shown to operators). */
async function plansAsShown(db: Db, propertyId: string, plans: RatePlan[]) {
  const roomTypes = await db.roomType.findMany({ where: { propertyId }, select: { id: true }, orderBy: [{ basePrice: "asc" }, { name: "asc" }, { id: "asc" }] });
  return plans.map((plan) => ({ ...toRatePlanView(plan, roomTypes.map((roomType) => roomType.id)), priceRule: priceRuleOf(plan) }));
}

function priceRuleArg(args: CommandArgs): PriceRule {
  const percent = args.optionalWholeNumber("percent");
  const amount = args.optionalWholeNumber("amount");
  if (percent !== undefined && amount !== undefined) throw new UsageError("give --percent or --amount, not both");
  return percent !== undefined ? { percent } : amount !== undefined ? { amount } : null;
}

function policyArg(args: CommandArgs): CancellationPolicy {
  const days = args.optionalWholeNumber("free-until-days");
  const fee = args.optionalString("fee");
  if (args.flag("non-refundable")) {
    if (days !== undefined || fee !== undefined) throw new UsageError("give --non-refundable or --free-until-days N --fee first_night|full_stay, not both");
    return { type: "non_refundable" };
  }
  if (days === undefined) {
    throw new UsageError(`a cancellation policy is required: give --non-refundable or --free-until-days N --fee first_night|full_stay${fee !== undefined ? " (--fee goes with --free-until-days)" : ""}`);
  }
  if (fee === undefined) throw new UsageError("--free-until-days needs --fee first_night|full_stay (what cancelling costs after that)");
  if (!(CANCELLATION_FEES as readonly string[]).includes(fee)) throw new UsageError(`--fee must be first_night or full_stay, not "${fee}"`);
  return { type: "free_until", daysBefore: days, fee: fee as (typeof CANCELLATION_FEES)[number] };
}

function roomTypesArg(args: CommandArgs): string[] | undefined {
  const raw = args.optionalString("room-types");
  if (raw === undefined) return undefined;
  const ids = raw.split(",").map((id) => id.trim());
  const bad = ids.filter((id) => !isId("rt", id));
  if (bad.length) throw new UsageError(`--room-types: "${bad[0]}" is not a room type id (rt_ and 20 lower-case letters and digits; several are separated by commas)`);
  return ids;
}

/** The panel's words for the policy (describeCancellationPolicy), in the middle of a sentence. */
function describePolicy(policy: CancellationPolicy): string {
  const words = describeCancellationPolicy(policy);
  return words.charAt(0).toLowerCase() + words.slice(1);
}

function describePriceRule(rule: PriceRule): string {
  if (!rule) return "the night's rate";
  if ("percent" in rule) return `${rule.percent > 0 ? "+" : ""}${rule.percent} %`;
  return `${rule.amount > 0 ? "+" : ""}${rule.amount} (minor units) a night`;
}

export const ratePlanCreate = defineCommand({
  name: "rate-plan create",
  args: "SLUG --name N [--description D] [--percent P | --amount MINOR] (--non-refundable | --free-until-days N --fee first_night|full_stay) [--room-types ID,ID]",
  summary:
    "Create a rate plan: a price rule on each night's rate (--percent=-10: 10 % off; --amount: minor units added a night, negative taken off; neither: the night's rate) and a cancellation policy (required); sold for all room types unless --room-types.",
  positionals: ["SLUG"],
  options: {
    name: { type: "string" },
    description: { type: "string" },
    percent: { type: "string" },
    amount: { type: "string" },
    "non-refundable": { type: "boolean" },
    "free-until-days": { type: "string" },
    fee: { type: "string" },
    "room-types": { type: "string" },
  },
  parse(args) {
    const input = {
      slug: args.slug(0),
      name: args.string("name"),
      description: args.optionalString("description"),
      priceRule: priceRuleArg(args),
      cancellationPolicy: policyArg(args),
      roomTypeIds: roomTypesArg(args),
    };
    refuseProblems(ratePlanFieldProblems(input).map((problem) => problem.message));
    return input;
  },
  async run({ db }, { slug, ...fields }) {
    const property = await findPropertyBySlug(db, slug);
    const plan = await createRatePlan(db, { ...fields, propertyId: property.id, actor: ADMIN_CLI_ACTOR });
    const [shown] = await plansAsShown(db, property.id, [plan]);
    return {
      json: shown!,
      text: `Created rate plan "${plan.name}" (${plan.id}) at ${property.slug}: ${describePriceRule(shown!.priceRule)}, ${describePolicy(shown!.cancellationPolicy)}, sold for ${plan.roomTypeIds.length ? plan.roomTypeIds.join(", ") : "every room type"}.`,
    };
  },
});

export const ratePlanList = defineCommand({
  name: "rate-plan list",
  args: "SLUG",
  summary: "List a property's rate plans, the Standard plan first, active or not.",
  positionals: ["SLUG"],
  parse: (args) => ({ slug: args.slug(0) }),
  async run({ db }, { slug }) {
    const property = await findPropertyBySlug(db, slug);
    const plans = await plansAsShown(db, property.id, await findRatePlans(db, property.id, { includeInactive: true }));
    const rows = plans.map((plan) => [plan.id, plan.name, describePriceRule(plan.priceRule), describePolicy(plan.cancellationPolicy), plan.active ? "yes" : "no"]);
    return { json: { data: plans }, text: formatTable(["ID", "NAME", "PRICE", "CANCELLATION", "ACTIVE"], rows, `${property.slug} has no rate plans.`) };
  },
});

export const ratePlanDeactivate = defineCommand({
  name: "rate-plan deactivate",
  args: "RATE_PLAN_ID",
  summary: "Stop offering a rate plan (bookings made with it keep their terms); the Standard plan cannot be deactivated.",
  positionals: ["RATE_PLAN_ID"],
  parse: (args) => ({ id: args.id(0, "rp") }),
  async run({ db }, { id }) {
    const found = await db.ratePlan.findUnique({ where: { id }, select: { propertyId: true } });
    if (!found) throw new DomainError("not_found", `no rate plan with id "${id}"`);
    const plan = await deactivateRatePlan(db, { id, propertyId: found.propertyId, actor: ADMIN_CLI_ACTOR });
    return { json: { id: plan.id, active: plan.active }, text: `Rate plan "${plan.name}" (${plan.id}) is no longer offered; bookings made with it keep their terms.` };
  },
});
