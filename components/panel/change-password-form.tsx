"use client";

import { useActionState } from "react";
import type { AccountFormState as PasswordState } from "./account-form-states";

const FIELDS = [
  ["currentPassword", "Current password", "current-password"],
  ["newPassword", "New password (at least 10 characters)", "new-password"],
  ["confirmPassword", "New password again", "new-password"],
] as const;

export function ChangePasswordForm({ action }: { action: (s: PasswordState, f: FormData) => Promise<PasswordState> }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="max-w-md space-y-4">
      {FIELDS.map(([name, label, autoComplete]) => (
        <div key={name}>
          <label htmlFor={name} className="block text-sm font-medium">{label}</label>
          <input id={name} name={name} type="password" required autoComplete={autoComplete} className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2" />
        </div>
      ))}
      {state.error && <p role="alert" className="text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="text-sm text-green-800">{state.done}</p>}
      <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Saving…" : "Change password"}
      </button>
    </form>
  );
}
