"use server";

import { notFound } from "next/navigation";
import { asFormValues, PROPERTY_VIEW_ONLY, type PropertySettingsFormState, type PropertySettingsFormValues } from "@/components/panel/property-settings-form-states";
import { getDb } from "@/lib/db";
import { normalisePropertySettings, propertySettingsProblems, type PropertySettings } from "@/lib/properties/property-settings-fields";
import { updatePropertySettings } from "@/lib/properties/update-property-settings";
import { PropertyIdSchema } from "@/lib/schemas/common";
import { asSentence } from "@/lib/text/as-sentence";
import { authorizeAction } from "../../../_lib/panel-session";
import { runPanelAction } from "../../../_lib/run-panel-action";
import { staffActor } from "@/lib/staff/staff-actor";

const FIELD_WORDS: Record<keyof PropertySettings, string> = {
  name: "name",
  contactEmail: "contact e-mail",
  contactPhone: "contact phone",
  checkInFrom: "check-in time",
  checkOutUntil: "check-out time",
};

/** The form as typed, and its settings as the domain stores them (a blank contact is none). */
function readForm(form: FormData): { values: PropertySettingsFormValues; settings: PropertySettings } {
  const text = (name: keyof PropertySettingsFormValues) => String(form.get(name) ?? "");
  const values = { name: text("name"), contactEmail: text("contactEmail"), contactPhone: text("contactPhone"), checkInFrom: text("checkInFrom"), checkOutUntil: text("checkOutUntil") };
  return { values, settings: normalisePropertySettings(values) as PropertySettings };
}

/**
 * Save Settings › Property (admins): the same updatePropertySettings rules, each problem beside
 * its field. A viewer's form (or a property id edited into it) is refused on the server.
 */
export async function updatePropertySettingsAction(_previous: PropertySettingsFormState, form: FormData): Promise<PropertySettingsFormState> {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  const { staff, error } = await authorizeAction(propertyId.data, "manage", "live");
  const { values, settings } = readForm(form);
  if (error) return { values, error: PROPERTY_VIEW_ONLY };
  const fieldErrors: NonNullable<PropertySettingsFormState["fieldErrors"]> = {};
  for (const problem of propertySettingsProblems(settings)) fieldErrors[problem.field] ??= asSentence(problem.message);
  if (Object.keys(fieldErrors).length) return { values, fieldErrors, error: "Check the highlighted fields." };
  return runPanelAction<PropertySettingsFormState>("/settings/property", async () => {
    const actor = staffActor(staff);
    const { property, changed } = await updatePropertySettings(getDb(), { propertyId: propertyId.data, ...settings, actor });
    const saved = asFormValues(property);
    if (!changed.length) return { values: saved, done: "Nothing to save: these are the property's settings already." };
    const what = changed.map((field) => FIELD_WORDS[field]).join(", ");
    return { values: saved, done: `Saved ${what}. Guests see it on the site's next page and in every e-mail from now on.` };
  });
}
