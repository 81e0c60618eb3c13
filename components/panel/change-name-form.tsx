"use client";

import { useActionState } from "react";
import type { NameFormState } from "./account-form-states";

export function ChangeNameForm({ name, action }: { name: string; action: (s: NameFormState, f: FormData) => Promise<NameFormState> }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="max-w-md space-y-4">
      <div>
        <label htmlFor="name" className="block text-sm font-medium">Name shown to colleagues</label>
        <input
          id="name"
          name="name"
          defaultValue={state.name ?? name}
          maxLength={100}
          autoComplete="name"
          aria-describedby={state.error ? "name-error" : "name-hint"}
          aria-invalid={state.error ? true : undefined}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
        />
        <p id="name-hint" className="mt-1 text-sm text-stone-600">On bookings you make at the desk and in Settings › Team. Empty: your e-mail is shown.</p>
      </div>
      {state.error && <p id="name-error" role="alert" className="text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="text-sm text-green-800">{state.done}</p>}
      <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Saving…" : "Save name"}
      </button>
    </form>
  );
}
