"use client";

import Link from "next/link";
import { useActionState, type ReactNode } from "react";
import { Field } from "@/components/booking-widget/field";
import { GUEST_PHONE_MAX, STAFF_NOTE_MAX } from "@/lib/schemas/desk-bookings";
import { EMPTY_DESK_BOOKING_VALUES, type DeskBookingFormState } from "./desk-booking-form-states";

type Props = {
  propertyId: string;
  /** What is booked, as hidden fields (StayHiddenFields; several rooms: each room's party and offer). */
  hiddenFields: ReactNode;
  /** The form's key, made on the server when the page was rendered. */
  idempotencyKey: string;
  /** Several rooms: the details are the booker's, and the button says how many rooms. */
  rooms?: number;
  /** The offers for the stay, to choose another room type. */
  offersHref: string;
  /** The hotel sends guests e-mails (its setting). */
  guestEmails: boolean;
  action: (state: DeskBookingFormState, form: FormData) => Promise<DeskBookingFormState>;
};

/**
 * New booking's guest details and Create booking: one plain form posting to a server action, so
 * it works without JavaScript. The stay travels as hidden fields and the form's key with it: a
 * double submit or a resubmit makes one booking (or one group of rooms).
 */
export function DeskBookingForm({ propertyId, hiddenFields, idempotencyKey, rooms, offersHref, guestEmails, action }: Props) {
  const [state, formAction, pending] = useActionState(action, { idempotencyKey, values: EMPTY_DESK_BOOKING_VALUES });
  const errors = state.fieldErrors ?? {};
  const { values } = state;
  return (
    <form action={formAction} className="max-w-2xl space-y-4" noValidate aria-labelledby="guest-heading">
      <h2 id="guest-heading" className="font-serif text-2xl text-brand-900">{rooms ? "Booker (the guest of every room)" : "Guest"}</h2>
      {state.error && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>{state.error}</p>
          {state.madeBookingId && (
            <p className="mt-1"><Link className="font-medium underline" href={`/bookings/${state.madeBookingId}`}>Open that booking</Link>, or start a new booking.</p>
          )}
          {state.soldOut && (<p className="mt-1"><Link className="font-medium underline" href={offersHref}>See the room types still free</Link></p>)}
        </div>
      )}
      <input type="hidden" name="propertyId" value={propertyId} />
      {/* The key the form was first rendered with, kept by every answer: a page rendered anew keeps the attempt's. */}
      <input type="hidden" name="idempotencyKey" value={state.idempotencyKey} />
      {hiddenFields}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="desk-firstName" name="firstName" label="First name" autoComplete="off" required maxLength={100} defaultValue={values.firstName} error={errors.firstName} />
        <Field id="desk-lastName" name="lastName" label="Last name" autoComplete="off" required maxLength={100} defaultValue={values.lastName} error={errors.lastName} />
        <Field id="desk-email" name="email" type="email" label="E-mail" autoComplete="off" required maxLength={254} defaultValue={values.email} error={errors.email}
          hint={guestEmails ? "The booking's confirmation is sent here, as for every booking." : "The hotel sends guests no e-mail (its setting)."} />
        <Field id="desk-phone" name="phone" type="tel" label="Phone (optional)" autoComplete="off" maxLength={GUEST_PHONE_MAX} defaultValue={values.phone} error={errors.phone} />
      </div>
      <div>
        <label htmlFor="desk-note" className="block text-sm font-medium text-stone-800">Note for the staff (optional)</label>
        <textarea id="desk-note" name="note" rows={3} maxLength={STAFF_NOTE_MAX} defaultValue={values.note}
          aria-invalid={errors.note ? true : undefined} aria-describedby={errors.note ? "desk-note-hint desk-note-error" : "desk-note-hint"}
          className={`mt-1 w-full rounded-md border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none ${errors.note ? "border-red-600" : "border-stone-300"}`} />
        <p id="desk-note-hint" className="mt-1 text-xs text-stone-600">Shown in the panel only: never to the guest or partners.</p>
        {errors.note && <p id="desk-note-error" className="mt-1 text-sm text-red-700">{errors.note}</p>}
      </div>
      <button type="submit" disabled={pending} aria-disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Creating…" : rooms ? `Book ${rooms} rooms` : "Create booking"}
      </button>
    </form>
  );
}
