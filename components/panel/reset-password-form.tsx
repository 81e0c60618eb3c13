"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import { LinkPageForm } from "./link-page-form";
import type { ResetPasswordState } from "./password-reset-form-states";

type Props = { token: string; invalidMessage: string; action: (state: ResetPasswordState, form: FormData) => Promise<ResetPasswordState> };

/** A new password, twice (the password rules apply). */
export function ResetPasswordForm({ token, invalidMessage, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  return (
    <LinkPageForm token={token} state={state} invalidMessage={invalidMessage} action={formAction}>
      <Field id="password" name="password" type="password" label="New password (at least 10 characters)" autoComplete="new-password" required error={errors.password} />
      <Field id="confirmPassword" name="confirmPassword" type="password" label="New password again" autoComplete="new-password" required error={errors.confirmPassword} />
      <button type="submit" disabled={pending} className="w-full rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Saving…" : "Set password and sign in"}
      </button>
    </LinkPageForm>
  );
}
