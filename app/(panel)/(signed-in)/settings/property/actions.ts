"use server";

import { notFound } from "next/navigation";
import { asAgeBandRows, type ChildAgeBandsFormState } from "@/components/panel/child-age-bands-form-states";
import { asFormValues, PROPERTY_VIEW_ONLY, type PropertySettingsFormState, type PropertySettingsFormValues } from "@/components/panel/property-settings-form-states";
import { describeChildAgeBands } from "@/lib/audit/describe-property-change";
import { getDb } from "@/lib/db";
import { formatMoneyInput } from "@/lib/money/currency";
import { childAgeBandViews } from "@/lib/properties/child-age-bands";
import { normalisePropertySettings, propertySettingsProblems, type PropertySettings } from "@/lib/properties/property-settings-fields";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import { updatePropertySettings } from "@/lib/properties/update-property-settings";
import { PropertyIdSchema } from "@/lib/schemas/common";
import { asSentence } from "@/lib/text/as-sentence";
import { authorizeAction } from "../../../_lib/panel-session";
import { runPanelAction } from "../../../_lib/run-panel-action";
import { staffActor } from "@/lib/staff/staff-actor";
import { readChildAgeBandsForm } from "./child-age-bands-form-input";

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

/**
 * Save the children's age bands (admins): the same setChildAgeBands as `property child-bands`,
 * each field's problem beside it, a band's beside its row. A viewer's form (or a property id
 * edited into it) is refused on the server.
 */
export async function setChildAgeBandsAction(_previous: ChildAgeBandsFormState, form: FormData): Promise<ChildAgeBandsFormState> {
  const propertyId = PropertyIdSchema.safeParse(form.get("propertyId"));
  if (!propertyId.success) notFound();
  const { staff, error } = await authorizeAction(propertyId.data, "manage", "live");
  const { currency } = await getDb().property.findUniqueOrThrow({ where: { id: propertyId.data }, select: { currency: true } });
  const { values, bands, refusal } = readChildAgeBandsForm(form, currency);
  if (error) return { values, error: PROPERTY_VIEW_ONLY };
  if (!bands) return refusal!;
  return runPanelAction<ChildAgeBandsFormState>("/settings/property", async () => {
    const saved = await setChildAgeBands(getDb(), { propertyId: propertyId.data, bands, actor: staffActor(staff) });
    const rows = asAgeBandRows(saved.bands.map((band) => ({ ...band, amount: formatMoneyInput({ amount: band.amount, currency: saved.currency }) })));
    const described = describeChildAgeBands(childAgeBandViews(saved.bands, saved.currency));
    if (!saved.changed) return { values: rows, done: `Nothing to save: these are the property's age bands already (${described}).` };
    return { values: rows, done: `Saved the children's age bands: ${described}. Bookings made from now on are priced with them; bookings already made keep their prices.` };
  });
}
