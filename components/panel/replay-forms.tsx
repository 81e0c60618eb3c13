"use client";

import { useActionState } from "react";
import type { WebhookActionState } from "./webhook-form-states";

type Action = (state: WebhookActionState, form: FormData) => Promise<WebhookActionState>;
type Ids = { propertyId: string; endpointId: string };

function Answer({ state }: { state: WebhookActionState }) {
  if (state.error) return <p role="alert" className="mt-1 text-sm text-red-700">{state.error}</p>;
  if (state.done) return <p role="status" className="mt-1 text-sm text-green-800">{state.done}</p>;
  return null;
}

/** Replay for one delivery: the same event id and body, sent again now with a fresh signature. */
export function ReplayDeliveryButton({ propertyId, endpointId, deliveryId, eventId, action }: Ids & { deliveryId: string; eventId: string; action: Action }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction}>
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <button type="submit" disabled={pending} aria-label={`Replay ${eventId}`} className="rounded border border-stone-300 px-2 py-1 text-sm hover:bg-stone-100 disabled:opacity-60">
        {pending ? "Replaying…" : "Replay"}
      </button>
      <Answer state={state} />
    </form>
  );
}

/** Replay every failed delivery made since a time (UTC), e.g. after the receiver was down. */
export function ReplayFailedForm({ propertyId, endpointId, defaultSince, action }: Ids & { defaultSince: string; action: Action }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <div>
        <label htmlFor="since" className="block text-sm font-medium">Replay all failed since (UTC)</label>
        <input id="since" name="since" type="datetime-local" required defaultValue={defaultSince} className="mt-1 rounded-md border border-stone-300 px-3 py-2" />
      </div>
      <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Replaying…" : "Replay failed"}
      </button>
      <div className="basis-full"><Answer state={state} /></div>
    </form>
  );
}
