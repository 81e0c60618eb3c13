"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import { FormStatus } from "./form-status";
import type { PropertySettingsFormState, PropertySettingsFormValues } from "./property-settings-form-states";

type Props = {
  propertyId: string;
  initial: PropertySettingsFormValues;
  action: (state: PropertySettingsFormState, form: FormData) => Promise<PropertySettingsFormState>;
};

/** Settings › Property (admins): the hotel's name, contact e-mail and phone, check-in and check-out times, as guests see them. */
export function PropertySettingsForm({ propertyId, initial, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const values = state.values ?? initial;
  return (
    <div className="space-y-3">
      <FormStatus error={state.error} done={state.done} />
      {/* Keyed by the answer, so a refused form comes back with what was typed, and a saved one with what was stored. */}
      <form key={JSON.stringify(state.values ?? null)} action={formAction} className="grid max-w-2xl gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        <div className="sm:col-span-2">
          <Field id="property-name" name="name" label="Name" required maxLength={100} defaultValue={values.name} error={errors.name}
            hint="The hotel's name on the guest site, in guests' e-mails (and as their sender) and in the partner API." />
        </div>
        <Field id="property-contact-email" name="contactEmail" type="email" label="Contact e-mail (optional)" autoComplete="off" maxLength={254}
          defaultValue={values.contactEmail} error={errors.contactEmail} hint="Shown to guests; their replies to the hotel's e-mails go here." />
        <Field id="property-contact-phone" name="contactPhone" type="tel" label="Contact phone (optional)" autoComplete="off" maxLength={30}
          defaultValue={values.contactPhone} error={errors.contactPhone} hint="Shown to guests, e.g. +351 21 123 4567." />
        <Field id="property-check-in-from" name="checkInFrom" type="time" label="Check-in from" required defaultValue={values.checkInFrom}
          error={errors.checkInFrom} hint="On the hotel's clock, e.g. 15:00." />
        <Field id="property-check-out-until" name="checkOutUntil" type="time" label="Check-out until" required defaultValue={values.checkOutUntil}
          error={errors.checkOutUntil} hint="On the hotel's clock, e.g. 11:00." />
        <div className="sm:col-span-2">
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
            {pending ? "Saving…" : "Save"}
          </button>
        </div>
      </form>
    </div>
  );
}
