"use server";

import { notFound } from "next/navigation";
import { RATE_PLANS_VIEW_ONLY, type RatePlanFormState } from "@/components/panel/rate-plan-form-states";
import { getDb } from "@/lib/db";
import { createRatePlan, deactivateRatePlan, updateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { PropertyIdSchema, RatePlanIdSchema } from "@/lib/schemas/common";
import { staffActor } from "@/lib/staff/staff-actor";
import { asSentence } from "@/lib/text/as-sentence";
import { authorizeAction } from "../../_lib/panel-session";
import { runPanelAction } from "../../_lib/run-panel-action";
import { readRatePlanForm } from "./rate-plan-form-input";

/** The signed-in admin of the form's property and its currency; a property id edited into the form is "not found". */
async function authorizeRatePlansForm(form: FormData) {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  const { staff, error } = await authorizeAction(propertyId.data, "manage");
  const property = await getDb().property.findUniqueOrThrow({ where: { id: propertyId.data }, select: { id: true, currency: true } });
  return { property, actor: staffActor(staff), refused: Boolean(error) };
}

function ratePlanIdOf(form: FormData): string {
  const id = RatePlanIdSchema.safeParse(form.get("ratePlanId"));
  if (!id.success) notFound();
  return id.data;
}

/** A domain refusal as a sentence (DomainError messages are lower-case phrases). */
const sentence = (state: RatePlanFormState): RatePlanFormState => (state.error ? { ...state, error: asSentence(state.error) } : state);

/** Add a rate plan (admins): the same createRatePlan as `rate-plan create`. */
export async function createRatePlanAction(_previous: RatePlanFormState, form: FormData): Promise<RatePlanFormState> {
  const { property, actor, refused } = await authorizeRatePlansForm(form);
  const { values, fields, refusal } = readRatePlanForm(form, property.currency);
  if (refused) return { values, error: RATE_PLANS_VIEW_ONLY };
  if (!fields) return refusal!;
  const answer = await runPanelAction<RatePlanFormState>("/rate-plans", async () => {
    const plan = await createRatePlan(getDb(), { propertyId: property.id, ...fields, actor });
    return { done: `Added ${plan.name}: partners and guests are offered it from now on.` };
  });
  return sentence(answer.error ? { ...answer, values } : answer);
}

/** Save a rate plan's fields (admins): the same updateRatePlan as the admin CLI; the Standard plan is refused. */
export async function updateRatePlanAction(_previous: RatePlanFormState, form: FormData): Promise<RatePlanFormState> {
  const { property, actor, refused } = await authorizeRatePlansForm(form);
  const id = ratePlanIdOf(form);
  const { values, fields, refusal } = readRatePlanForm(form, property.currency);
  if (refused) return { values, error: RATE_PLANS_VIEW_ONLY };
  if (!fields) return refusal!;
  const answer = await runPanelAction<RatePlanFormState>("/rate-plans", async () => {
    const { plan, changed } = await updateRatePlan(getDb(), { id, propertyId: property.id, ...fields, actor });
    if (!changed.length) return { done: `${plan.name} already had those values: nothing changed.` };
    return { done: `Saved ${plan.name}. Bookings already made keep the terms they were sold with.` };
  });
  return sentence(answer.error ? { ...answer, values } : answer);
}

/** Stop offering a rate plan (admins): bookings made with it keep their terms. */
export async function deactivateRatePlanAction(_previous: RatePlanFormState, form: FormData): Promise<RatePlanFormState> {
  const { property, actor, refused } = await authorizeRatePlansForm(form);
  const id = ratePlanIdOf(form);
  if (refused) return { error: RATE_PLANS_VIEW_ONLY };
  const answer = await runPanelAction<RatePlanFormState>("/rate-plans", async () => {
    const plan = await deactivateRatePlan(getDb(), { id, propertyId: property.id, actor });
    return { done: `${plan.name} is no longer offered. Bookings made with it keep their terms.` };
  });
  return sentence(answer);
}
