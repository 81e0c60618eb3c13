"use client";

import { useActionState } from "react";
import type { WebhookActionState } from "./webhook-form-states";

type Props = { propertyId: string; enabled: boolean; isAdmin: boolean; action: (state: WebhookActionState, form: FormData) => Promise<WebhookActionState> };

/** Settings › Guest e-mails: whether the hotel e-mails guests a confirmation, each change and a cancellation; admins switch it. */
export function GuestEmailsForm({ propertyId, enabled, isAdmin, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <section aria-labelledby="guest-emails" className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="guest-emails" className="text-lg font-semibold">Guest e-mails</h2>
      <p className="mt-1 text-sm text-stone-700">The hotel e-mails guests a confirmation, each change of their booking and a cancellation.</p>
      <p className="mt-3 text-sm" data-testid="guest-emails-status">
        Guest e-mails are <strong>{enabled ? "on" : "off"}</strong>.
      </p>
      {isAdmin && (
        <form action={formAction} className="mt-3">
          <input type="hidden" name="propertyId" value={propertyId} />
          <input type="hidden" name="enabled" value={enabled ? "false" : "true"} />
          <button type="submit" disabled={pending}
            className="rounded-md border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100 disabled:opacity-60">
            {enabled ? "Turn guest e-mails off" : "Turn guest e-mails on"}
          </button>
        </form>
      )}
      {state.error && <p role="alert" className="mt-2 text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="mt-2 text-sm text-green-800">{state.done}</p>}
    </section>
  );
}
