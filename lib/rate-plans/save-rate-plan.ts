import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma, RatePlan } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { ratePlanFieldProblems, type RatePlanField, type RatePlanFields } from "./rate-plan-fields";
import { markPlanPrices } from "./mark-plan-prices";
import { policyOf, priceRuleOf, ratePlanColumns } from "./rate-plan-view";

/**
 * Creating, editing and deactivating rate plans (the panel and the admin CLI). Invariants:
 * - The Standard plan never changes (v1's terms; a CHECK in the database holds it too).
 * - A plan is sold only for room types of its own property (empty: all of them).
 * - Bookings keep the terms they were sold with: editing or deactivating a plan never touches them.
 * - Every change is audited in its transaction, with what changed.
 * - A change of what an active plan costs, or where it is sold, marks the nights it prices for
 *   ari.changed (markPlanPrices): its creation, its price rule, its room types, its deactivation.
 */

type Tx = Prisma.TransactionClient;

export type CreateRatePlanInput = Pick<RatePlanFields, "name" | "priceRule" | "cancellationPolicy"> &
  Partial<Pick<RatePlanFields, "description" | "roomTypeIds">> & { propertyId: string; actor: Actor };

function refuse(problems: { message: string }[]): never {
  throw new DomainError("invalid_argument", problems.map((problem) => problem.message).join("; "));
}

async function checkRoomTypes(tx: Tx, propertyId: string, roomTypeIds: string[] | undefined): Promise<void> {
  if (!roomTypeIds?.length) return;
  const found = await tx.roomType.findMany({ where: { propertyId, id: { in: roomTypeIds } }, select: { id: true } });
  const known = new Set(found.map((roomType) => roomType.id));
  const unknown = roomTypeIds.filter((id) => !known.has(id));
  if (unknown.length) refuse([{ message: `no room type ${unknown.map((id) => `"${id}"`).join(", ")} at this property` }]);
}

/** What the audit log keeps of a plan's fields. */
function audited(plan: RatePlan): Prisma.InputJsonObject {
  return {
    name: plan.name,
    description: plan.description,
    priceRule: priceRuleOf(plan),
    cancellationPolicy: policyOf(plan),
    roomTypeIds: plan.roomTypeIds,
  };
}

export async function createRatePlan(db: Db, input: CreateRatePlanInput): Promise<RatePlan> {
  const problems = ratePlanFieldProblems({ ...input, description: input.description ?? "" });
  if (problems.length) refuse(problems);
  return db.$transaction(async (tx) => {
    await checkRoomTypes(tx, input.propertyId, input.roomTypeIds);
    const plan = await tx.ratePlan.create({
      data: { id: newId("rp"), propertyId: input.propertyId, cancellationType: "free_until", ...ratePlanColumns({ description: "", roomTypeIds: [], ...input }) } as Prisma.RatePlanUncheckedCreateInput,
    });
    await recordAuditEvent(tx, { propertyId: plan.propertyId, action: "rate_plan_created", actor: input.actor, details: { ratePlanId: plan.id, ...audited(plan) } });
    await markPlanPrices(tx, plan.propertyId, plan.roomTypeIds);
    return plan;
  });
}

export type UpdateRatePlanInput = Partial<RatePlanFields> & { id: string; propertyId: string; actor: Actor };

const FIELDS = ["name", "description", "priceRule", "cancellationPolicy", "roomTypeIds"] as const satisfies readonly RatePlanField[];

/** Locks the plan of the property, refusing the Standard plan and another property's ("not found"). */
async function lockChangeablePlan(tx: Tx, id: string, propertyId: string): Promise<RatePlan> {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM rate_plans WHERE id = ${id} AND property_id = ${propertyId} FOR UPDATE`;
  const plan = locked && (await tx.ratePlan.findUnique({ where: { id: locked.id } }));
  if (!plan) throw new DomainError("not_found", `no rate plan with id "${id}"`);
  if (plan.standard) throw new DomainError("conflict", "the Standard plan cannot change: it keeps v1's terms for partners that do not choose a plan");
  return plan;
}

/** Edits a plan's fields; values equal to the stored ones are no change, and with none nothing is written. */
export async function updateRatePlan(db: Db, input: UpdateRatePlanInput): Promise<{ plan: RatePlan; changed: RatePlanField[] }> {
  if (FIELDS.every((field) => input[field] === undefined)) refuse([{ message: "nothing to change" }]);
  const problems = ratePlanFieldProblems(input);
  if (problems.length) refuse(problems);
  return db.$transaction(async (tx) => {
    const before = await lockChangeablePlan(tx, input.id, input.propertyId);
    await checkRoomTypes(tx, input.propertyId, input.roomTypeIds);
    const was = audited(before);
    const wanted = audited({ ...before, ...(ratePlanColumns(input) as Partial<RatePlan>) });
    const changed = FIELDS.filter((field) => JSON.stringify(wanted[field]) !== JSON.stringify(was[field]));
    if (!changed.length) return { plan: before, changed };
    const plan = await tx.ratePlan.update({ where: { id: before.id }, data: ratePlanColumns(Object.fromEntries(changed.map((field) => [field, input[field]]))) });
    const now = audited(plan);
    await recordAuditEvent(tx, {
      propertyId: plan.propertyId,
      action: "rate_plan_updated",
      actor: input.actor,
      details: { ratePlanId: plan.id, ratePlanName: plan.name, changes: Object.fromEntries(changed.map((field) => [field, { from: was[field] ?? null, to: now[field] ?? null }])) },
    });
    if (plan.active && (changed.includes("priceRule") || changed.includes("roomTypeIds"))) {
      // Sold for all room types before or after (an empty list): all of them; else both lists' room types.
      const soldFor = before.roomTypeIds.length && plan.roomTypeIds.length ? [...new Set([...before.roomTypeIds, ...plan.roomTypeIds])] : [];
      await markPlanPrices(tx, plan.propertyId, soldFor);
    }
    return { plan, changed };
  });
}

/** Stops offering a plan (bookings made with it keep their terms); deactivating an inactive plan changes nothing. */
export async function deactivateRatePlan(db: Db, input: { id: string; propertyId: string; actor: Actor }): Promise<RatePlan> {
  return db.$transaction(async (tx) => {
    const plan = await lockChangeablePlan(tx, input.id, input.propertyId);
    if (!plan.active) return plan;
    const updated = await tx.ratePlan.update({ where: { id: plan.id }, data: { active: false } });
    await recordAuditEvent(tx, { propertyId: plan.propertyId, action: "rate_plan_deactivated", actor: input.actor, details: { ratePlanId: plan.id, ratePlanName: plan.name } });
    await markPlanPrices(tx, plan.propertyId, plan.roomTypeIds);
    return updated;
  });
}
