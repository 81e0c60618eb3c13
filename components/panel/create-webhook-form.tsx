"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import { ShownOnceSecret } from "./shown-once-secret";
import type { CreateEndpointState } from "./webhook-form-states";

type Props = {
  propertyId: string;
  eventTypes: readonly string[];
  /** Ticked to start with (the API's default: the booking events). */
  defaultEventTypes: readonly string[];
  action: (state: CreateEndpointState, form: FormData) => Promise<CreateEndpointState>;
};

/** Settings › Webhooks › Add endpoint: URL, event types, description; the signing secret appears once. */
export function CreateWebhookForm({ propertyId, eventTypes, defaultEventTypes, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const checked = state.values?.events ?? defaultEventTypes;
  return (
    <section aria-labelledby="add-endpoint" className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="add-endpoint" className="text-lg font-semibold">Add endpoint</h2>
      {state.shown && <div className="mt-4"><ShownOnceSecret shown={state.shown} url={state.shown.url ?? ""} /></div>}
      {state.error && <p role="alert" className="mt-4 text-sm text-red-700">{state.error}</p>}
      {/* Keyed by the answer, so a refused form comes back with what was typed. */}
      <form key={JSON.stringify(state.values ?? null)} action={formAction} className="mt-4 grid max-w-2xl gap-4" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        <Field id="webhook-url" name="url" type="url" label="URL" required maxLength={2048} placeholder="https://partner.example.com/hooks/room-booking"
          defaultValue={state.values?.url} error={errors.url} hint="Events are POSTed here, signed with the endpoint's secret." />
        <fieldset className="text-sm" aria-describedby={errors.events ? "webhook-events-error" : undefined}>
          <legend className="font-medium">Events</legend>
          {eventTypes.map((type) => (
            <label key={type} className="mr-4 inline-flex items-center gap-1">
              <input type="checkbox" name="events" value={type} defaultChecked={checked.includes(type)} /> <code>{type}</code>
            </label>
          ))}
          <p className="mt-1 text-stone-600">
            <code>booking.anonymised</code>: a guest&apos;s data was erased; the partner deletes its copy of the guest.{" "}
            <code>booking_group.anonymised</code>: the same for the booker of a group of rooms.{" "}
            <code>ari.changed</code>: a room type&apos;s availability, prices or restrictions changed on some nights, for partners that keep a copy of the calendar.
          </p>
          {errors.events && <p id="webhook-events-error" className="mt-1 text-red-700">{errors.events}</p>}
        </fieldset>
        <Field id="webhook-description" name="description" label="Description (optional)" maxLength={200} defaultValue={state.values?.description} error={errors.description} />
        <div>
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
            {pending ? "Adding…" : "Add endpoint"}
          </button>
        </div>
      </form>
    </section>
  );
}
