"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import { RESET_LINK_SENT, type ForgotPasswordState } from "./password-reset-form-states";

/** "Forgot your password?": the account's e-mail address; the answer never says whether it has one. */
export function ForgotPasswordForm({ action }: { action: (state: ForgotPasswordState, form: FormData) => Promise<ForgotPasswordState> }) {
  const [state, formAction, pending] = useActionState(action, {});
  if (state.sent) return <p role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900">{RESET_LINK_SENT}</p>;
  return (
    <form action={formAction} className="mt-6 space-y-5" noValidate>
      {state.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{state.error}</p>}
      <Field id="email" name="email" type="email" label="E-mail address" autoComplete="username" required maxLength={254} defaultValue={state.email} />
      <button type="submit" disabled={pending} className="w-full rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Sending…" : "Send me a link"}
      </button>
    </form>
  );
}
