"use client";

import { useActionState } from "react";

/** What the code page shows after a try that did not sign in (a wait, when throttled). */
export type SecondStepState = { error?: string };

/** The code field of the second step (a six-digit code or a recovery code such as x7k2m-p9q4r). */
export function SecondStepForm({ next, action }: { next: string; action: (previous: SecondStepState, form: FormData) => Promise<SecondStepState> }) {
  const [state, formAction, pending] = useActionState<SecondStepState, FormData>(action, {});
  return (
    <form action={formAction} className="mt-6 space-y-5" noValidate>
      <input type="hidden" name="next" value={next} />
      {state.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{state.error}</p>}
      <div>
        <label htmlFor="code" className="block text-sm font-medium text-stone-800">Code</label>
        <input id="code" name="code" type="text" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} required maxLength={40}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 font-mono tracking-widest focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none" />
      </div>
      <button type="submit" disabled={pending} className="w-full rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Checking…" : "Sign in"}
      </button>
    </form>
  );
}
