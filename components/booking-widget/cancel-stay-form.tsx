"use client";

import { useActionState } from "react";
import type { CancelStayState } from "./form-states";

/** Cancel booking, for the guest; asks first when JavaScript is on. The token names the booking. */
export function CancelStayForm({ action, token }: { action: (state: CancelStayState, form: FormData) => Promise<CancelStayState>; token: string }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form
      action={formAction}
      className="space-y-3"
      onSubmit={(event) => {
        if (!window.confirm("Cancel this booking? This cannot be undone.")) event.preventDefault();
      }}
    >
      <input type="hidden" name="token" value={token} />
      {state.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{state.error}</p>}
      <p className="text-sm text-stone-700">Free cancellation until your check-in date.</p>
      <button type="submit" disabled={pending} className="rounded-md border border-red-700 bg-white px-5 py-2 font-medium text-red-800 hover:bg-red-50 focus:ring-2 focus:ring-red-700 focus:ring-offset-2 focus:outline-none disabled:opacity-60">
        {pending ? "Cancelling…" : "Cancel booking"}
      </button>
    </form>
  );
}
