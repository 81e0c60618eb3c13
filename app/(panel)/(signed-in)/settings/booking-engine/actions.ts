"use server";

import { notFound, redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import type { EngineFormState, EngineFormValues } from "@/components/panel/booking-engine-form-states";
import { engineFormValues } from "@/components/panel/booking-engine-form-states";
import { disableBookingEngine, enableBookingEngine, rotateEngineKey } from "@/lib/booking-engine/booking-engine";
import { checkEngineSettings } from "@/lib/booking-engine/engine-settings";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { PropertyIdSchema } from "@/lib/schemas/common";
import { staffActor } from "@/lib/staff/staff-actor";
import { asSentence } from "@/lib/text/as-sentence";
import { secretBoxFromEnv } from "@/lib/secrets/secret-box";
import { authorizeAction } from "../../../_lib/panel-session";
import { runPanelAction } from "../../../_lib/run-panel-action";

const PAGE = "/settings/booking-engine";
const engineBox = () => secretBoxFromEnv(getEnv(), "booking-engine-keys");

async function adminOf(form: FormData) {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  return { propertyId: propertyId.data, ...(await authorizeAction(propertyId.data, "manage", "live")) };
}

/** On or off (admins). Off revokes the engine's key at once; on makes a new one. */
export async function switchEngineAction(form: FormData): Promise<void> {
  const { propertyId, staff, error } = await adminOf(form);
  if (!error) {
    const actor = staffActor(staff);
    if (form.get("on") === "yes") await enableBookingEngine(getDb(), { propertyId, actor, box: engineBox() });
    else await disableBookingEngine(getDb(), { propertyId, actor });
  }
  revalidatePath(PAGE);
  redirect(PAGE);
}

/** A new value for the engine's key (admins): the old one stops at once, the site books on with the new one. */
export async function rotateEngineKeyAction(form: FormData): Promise<void> {
  const { propertyId, staff, error } = await adminOf(form);
  if (!error) await rotateEngineKey(getDb(), { propertyId, actor: staffActor(staff), box: engineBox() });
  revalidatePath(PAGE);
  redirect(PAGE);
}

/** Save the engine's settings (admins): every problem beside its field, nothing saved while one remains. */
export async function saveEngineSettingsAction(_previous: EngineFormState, form: FormData): Promise<EngineFormState> {
  const { propertyId, staff, error } = await adminOf(form);
  const text = (name: keyof EngineFormValues) => String(form.get(name) ?? "");
  const values: EngineFormValues = { allowedOrigins: text("allowedOrigins"), accentColour: text("accentColour"), welcomeText: text("welcomeText"), defaultLanguage: text("defaultLanguage") };
  if (error) return { values, error };
  const settings = { ...values, allowedOrigins: values.allowedOrigins.split(/\s+/).filter(Boolean) };
  const fieldErrors: NonNullable<EngineFormState["fieldErrors"]> = {};
  for (const problem of checkEngineSettings(settings).problems) fieldErrors[problem.field] ??= asSentence(problem.message);
  if (Object.keys(fieldErrors).length) return { values, fieldErrors, error: "Check the highlighted fields." };
  return runPanelAction<EngineFormState>(PAGE, async () => {
    const saved = await enableBookingEngine(getDb(), { propertyId, actor: staffActor(staff), box: engineBox(), ...settings });
    return { values: engineFormValues(saved), done: "Saved. The site and the widget show it on their next page." };
  });
}
