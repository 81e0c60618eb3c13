"use client";

import { useActionState } from "react";
import type { RatePlanFormState } from "./rate-plan-form-states";

type Props = {
  propertyId: string;
  ratePlanId: string;
  name: string;
  /** Offered now: the button; else "No longer offered" (the form stays, so its answer stays on the page). */
  active: boolean;
  action: (state: RatePlanFormState, form: FormData) => Promise<RatePlanFormState>;
};

/** Deactivate a rate plan: one button posting to a server action (no JavaScript needed); the answer beside it. */
export function RatePlanDeactivateForm({ propertyId, ratePlanId, name, active, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-1">
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="ratePlanId" value={ratePlanId} />
      {active ? (
        <button type="submit" disabled={pending} className="rounded border border-red-300 px-3 py-1 text-sm text-red-800 hover:bg-red-50 disabled:opacity-60">
          {pending ? "Deactivating…" : "Deactivate"}<span className="sr-only"> {name}</span>
        </button>
      ) : (
        <p className="text-sm text-stone-600">No longer offered.</p>
      )}
      {state.error && <p role="alert" className="text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="text-sm text-green-800">{state.done}</p>}
    </form>
  );
}
