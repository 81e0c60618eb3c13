"use client";

import { useActionState } from "react";
import { FormStatus } from "./form-status";
import type { TeamActionState } from "./team-form-states";

/** Settings › Team: require two-step sign-in of the team, or stop requiring it (admins). */
export function TwoStepRequirementForm({ propertyId, required, action }: { propertyId: string; required: boolean; action: (state: TeamActionState, form: FormData) => Promise<TeamActionState> }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="required" value={required ? "off" : "on"} />
      <button type="submit" disabled={pending} className="rounded border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100 disabled:opacity-60">
        {required ? "Stop requiring two-step sign-in" : "Require two-step sign-in for the team"}
      </button>
      <FormStatus error={state.error} done={state.done} />
    </form>
  );
}
