"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import { LinkPageForm } from "./link-page-form";
import type { AcceptInvitationState } from "./team-form-states";

type Props = {
  token: string;
  /** The e-mail already has an account: its password confirms it, and nothing else is asked. */
  hasAccount: boolean;
  email: string;
  name: string;
  /** What the page says when the link no longer works (INVALID_INVITATION). */
  invalidMessage: string;
  action: (state: AcceptInvitationState, form: FormData) => Promise<AcceptInvitationState>;
};

/** The accept page's form: a new account's name and password, or an existing account's password. */
export function AcceptInvitationForm({ token, hasAccount, email, name, invalidMessage, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  return (
    <LinkPageForm token={token} state={state} invalidMessage={invalidMessage} action={formAction}>
      {hasAccount ? (
        <Field id="password" name="password" type="password" label={`Password of ${email}`} autoComplete="current-password" required error={errors.password} />
      ) : (
        <>
          <input type="hidden" name="newAccount" value="1" />
          <Field id="name" name="name" label="Your name" autoComplete="name" maxLength={100} defaultValue={state.name ?? name} error={errors.name} hint="How colleagues see you in the panel." />
          <Field id="password" name="password" type="password" label="Choose a password (at least 10 characters)" autoComplete="new-password" required error={errors.password} />
          <Field id="confirmPassword" name="confirmPassword" type="password" label="The password again" autoComplete="new-password" required error={errors.confirmPassword} />
        </>
      )}
      <button type="submit" disabled={pending} className="w-full rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Joining…" : "Accept and sign in"}
      </button>
    </LinkPageForm>
  );
}
