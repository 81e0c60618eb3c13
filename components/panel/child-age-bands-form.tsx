"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import { ageBandInputName, type AgeBandField, type AgeBandRowValues, type ChildAgeBandsFormState } from "./child-age-bands-form-states";
import { FormStatus } from "./form-status";

type Props = {
  propertyId: string;
  currency: string;
  /** Every row (the stored bands, then blank rows). */
  initial: AgeBandRowValues[];
  action: (state: ChildAgeBandsFormState, form: FormData) => Promise<ChildAgeBandsFormState>;
};

/** Settings › Property (admins): up to three children's age bands, each a name, its ages and an amount a night per child. */
export function ChildAgeBandsForm({ propertyId, currency, initial, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const rows = state.values ?? initial;
  const input = (row: number, field: AgeBandField) => ({ id: `age-band-${row}-${field}`, name: ageBandInputName(row, field), defaultValue: rows[row]![field], error: errors[ageBandInputName(row, field)] });
  return (
    <div className="space-y-3">
      <FormStatus error={state.error} done={state.done} />
      {/* Keyed by the answer, so a refused form comes back with what was typed, and a saved one with what was stored. */}
      <form key={JSON.stringify(state.values ?? null)} action={formAction} className="max-w-3xl space-y-4" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        {rows.map((_, row) => (
          <fieldset key={row} className="grid gap-3 rounded-md border border-stone-200 p-3 sm:grid-cols-4" aria-describedby={state.rowErrors?.[row] ? `age-band-${row}-errors` : undefined}>
            <legend className="px-1 text-sm font-medium text-stone-800">Band {row + 1}{row > 0 ? " (optional)" : ""}</legend>
            <Field {...input(row, "name")} label="Name" maxLength={30} autoComplete="off" hint="E.g. Baby, Child, Teen." />
            <Field {...input(row, "fromAge")} label="From age" inputMode="numeric" hint="0 for the first band." />
            <Field {...input(row, "toAge")} label="To age" inputMode="numeric" hint="Inclusive; 17 for the last band." />
            <Field {...input(row, "amount")} label={`Amount a night (${currency})`} inputMode="decimal" hint="For each child, e.g. 15.00." />
            {state.rowErrors?.[row] && (
              <ul id={`age-band-${row}-errors`} className="text-sm text-red-700 sm:col-span-4">
                {state.rowErrors[row]!.map((message) => <li key={message}>{message}</li>)}
              </ul>
            )}
          </fieldset>
        ))}
        <p className="text-sm text-stone-700">
          The bands cover ages 0 to 17 in order, without gap or overlap; a guest of 18 or more is an adult. Leave a row blank for fewer bands.
          Each child adds its band&apos;s amount to every night&apos;s rate, before the rate plan&apos;s rule; bookings already made keep their prices.
        </p>
        <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
          {pending ? "Saving…" : "Save age bands"}
        </button>
      </form>
    </div>
  );
}
