"use client";

import { useActionState } from "react";
import { FormStatus } from "./form-status";
import type { RetentionFormState, RetentionFormValues } from "./privacy-form-states";

type Props = {
  propertyId: string;
  initial: RetentionFormValues;
  limits: { min: number; max: number };
  action: (state: RetentionFormState, form: FormData) => Promise<RetentionFormState>;
};

/** Settings › Privacy (admins): anonymise guests N months after their checkout, or keep them until erased by hand. */
export function RetentionForm({ propertyId, initial, limits, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const values = state.values ?? initial;
  return (
    <div className="space-y-3">
      <FormStatus error={state.error} done={state.done} />
      <form key={JSON.stringify(state.values ?? null)} action={formAction} className="space-y-3" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        <fieldset className="space-y-2">
          <legend className="sr-only">Retention period</legend>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <input type="radio" id="retention-on" name="keep" value="on" defaultChecked={values.keep === "on"} />
            <label htmlFor="retention-on">Anonymise guests</label>
            <input id="retention-months" name="months" type="number" inputMode="numeric" min={limits.min} max={limits.max} step={1}
              defaultValue={values.months} aria-label="Months after checkout" aria-invalid={state.fieldError ? true : undefined}
              aria-describedby={state.fieldError ? "retention-months-error" : undefined}
              className={`w-20 rounded-md border px-2 py-1 ${state.fieldError ? "border-red-600" : "border-stone-300"}`} />
            <span>months after their checkout ({limits.min}–{limits.max})</span>
          </div>
          {state.fieldError && <p id="retention-months-error" className="text-sm text-red-700">{state.fieldError}</p>}
          <div className="flex items-center gap-2 text-sm">
            <input type="radio" id="retention-off" name="keep" value="off" defaultChecked={values.keep === "off"} />
            <label htmlFor="retention-off">Off: keep guests&apos; data until it is erased here, by the admin CLI or at a partner&apos;s request</label>
          </div>
        </fieldset>
        <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
          {pending ? "Saving…" : "Save retention period"}
        </button>
      </form>
    </div>
  );
}
