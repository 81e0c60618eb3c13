/** What the Settings › Property server action answers with: plain data, so the form works without JavaScript too. */

/** The form as typed (times as HH:MM), returned with a refusal so nothing typed is lost, and with the saved values after a save. */
export type PropertySettingsFormValues = { name: string; contactEmail: string; contactPhone: string; checkInFrom: string; checkOutUntil: string };

export type PropertySettingsFormState = {
  values?: PropertySettingsFormValues;
  /** By field: name, contactEmail, contactPhone, checkInFrom, checkOutUntil. */
  fieldErrors?: Partial<Record<keyof PropertySettingsFormValues, string>>;
  error?: string;
  done?: string;
};

/** A viewer's answer when the form is sent anyway (the page shows viewers no form). */
export const PROPERTY_VIEW_ONLY = "You have view access to this property: only its admins can change its settings.";

/** The stored settings as the form shows them (no contact as blank). */
export function asFormValues(settings: { name: string; contactEmail: string | null; contactPhone: string | null; checkInFrom: string; checkOutUntil: string }): PropertySettingsFormValues {
  return { name: settings.name, contactEmail: settings.contactEmail ?? "", contactPhone: settings.contactPhone ?? "", checkInFrom: settings.checkInFrom, checkOutUntil: settings.checkOutUntil };
}
