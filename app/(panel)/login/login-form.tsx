"use client";

import { useActionState } from "react";
import { signInAction, type SignInState } from "./actions";

export function LoginForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {});
  return (
    <form action={action} className="mt-8 space-y-5" noValidate>
      <input type="hidden" name="next" value={next} />
      {state.error && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {state.error}
        </p>
      )}
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-stone-800">
          E-mail address
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required defaultValue={state.email}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-stone-800">
          Password
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none" />
      </div>
      <button type="submit" disabled={pending}
        className="w-full rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
