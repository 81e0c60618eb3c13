"use client";

import { useActionState } from "react";
import { guestWords } from "@/lib/i18n/guest-words";
import { Field } from "./field";
import type { FindBookingState } from "./form-states";

/** Find your booking: the reference and the e-mail address it was made with. */
export function FindBookingForm({ action, lang }: { action: (state: FindBookingState, form: FormData) => Promise<FindBookingState>; lang: string }) {
  const { t } = guestWords(lang);
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="max-w-md space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200" noValidate>
      {state.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{state.error}</p>}
      <Field id="reference" name="reference" label={t("find.reference")} required autoComplete="off" spellCheck={false} placeholder="HVH-4K7Q2M" defaultValue={state.values?.reference} />
      <Field id="email" name="email" type="email" label={t("common.emailField")} required autoComplete="email" defaultValue={state.values?.email} />
      <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none disabled:opacity-60">
        {pending ? t("find.looking") : t("find.submit")}
      </button>
    </form>
  );
}
