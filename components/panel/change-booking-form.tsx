"use client";

import { useActionState } from "react";
import { ChildrenFields } from "@/components/booking-widget/children-fields";
import { Field } from "@/components/booking-widget/field";
import { PartyHiddenFields } from "@/components/booking-widget/stay-hidden-fields";
import type { BookingChangeFormState, BookingChangeFormValues, BookingChangeQuote } from "./booking-change-form-states";

type Props = {
  propertyId: string;
  bookingId: string;
  /** The booking's values and a new Idempotency-Key, made when the page was rendered. */
  initial: BookingChangeFormState;
  roomTypes: { id: string; name: string }[];
  /** The stay has started: its check-in and room type can no longer change (shown, disabled). */
  started: boolean;
  action: (state: BookingChangeFormState, form: FormData) => Promise<BookingChangeFormState>;
};

const BUTTON = "rounded-md px-4 py-2 font-medium disabled:opacity-60";
const PRIMARY = `${BUTTON} bg-brand-700 text-white hover:bg-brand-900`;
const SECONDARY = `${BUTTON} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`;

/**
 * Change booking (admins): edit the stay, room type, adults, children and their ages, guest and
 * partner reference, then Preview change (the new price, each night's and the difference) and
 * Confirm change. Plain forms posting to one server action, so it works without JavaScript (a new
 * number of children comes back with that many age selects); the submit buttons say which step
 * (`intent`), and the form carries its Idempotency-Key, so a double submit changes once.
 */
export function ChangeBookingForm({ propertyId, bookingId, initial, roomTypes, started, action }: Props) {
  const [state, formAction, pending] = useActionState(action, initial);
  const { values, quote } = state;
  return (
    <div className="space-y-3">
      {state.error && <p role="alert" className="text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="text-sm text-green-800">{state.done}</p>}
      {/* Keyed by the answer, so each step starts from what was typed or changed. */}
      <form key={JSON.stringify([values, quote?.expectedPrice ?? null, state.idempotencyKey])} action={formAction} className="max-w-2xl space-y-4" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="bookingId" value={bookingId} />
        <input type="hidden" name="idempotencyKey" value={state.idempotencyKey} />
        {quote ? (
          <>
            <HiddenValues values={values} started={started} />
            <input type="hidden" name="expectedAmount" value={quote.expectedPrice.amount} />
            <input type="hidden" name="expectedCurrency" value={quote.expectedPrice.currency} />
            <ChangePreview quote={quote} notice={state.notice} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="confirm" disabled={pending} className={PRIMARY}>{pending ? "Changing…" : "Confirm change"}</button>
              <button type="submit" name="intent" value="edit" disabled={pending} className={SECONDARY}>Edit the change</button>
            </div>
          </>
        ) : (
          <>
            <ChangeFields values={values} errors={state.fieldErrors ?? {}} initial={initial.values} roomTypes={roomTypes} started={started} />
            <button type="submit" name="intent" value="preview" disabled={pending} className={PRIMARY}>{pending ? "Working out the price…" : "Preview change"}</button>
          </>
        )}
      </form>
    </div>
  );
}

function ChangeFields({ values, errors, initial, roomTypes, started }: { values: BookingChangeFormValues; errors: NonNullable<BookingChangeFormState["fieldErrors"]>; initial: BookingChangeFormValues; roomTypes: Props["roomTypes"]; started: boolean }) {
  const fixed = started ? "The stay has started: its check-in and room type can no longer change." : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {/* Disabled fields are not sent: the change leaves them as they are. */}
      <Field id="change-checkin" name="checkin" type="date" label="Check-in" required disabled={started} defaultValue={started ? initial.checkin : values.checkin} error={errors.checkin} hint={fixed} />
      <Field id="change-checkout" name="checkout" type="date" label="Check-out" required defaultValue={values.checkout} error={errors.checkout} />
      <div>
        <label htmlFor="change-roomTypeId" className="block text-sm font-medium text-stone-800">Room type</label>
        <select id="change-roomTypeId" name="roomTypeId" disabled={started} defaultValue={started ? initial.roomTypeId : values.roomTypeId}
          aria-invalid={errors.roomTypeId ? true : undefined} aria-describedby={errors.roomTypeId ? "change-roomTypeId-error" : undefined}
          className={`mt-1 w-full rounded-md border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-stone-100 ${errors.roomTypeId ? "border-red-600" : "border-stone-300"}`}>
          {roomTypes.map((roomType) => (<option key={roomType.id} value={roomType.id}>{roomType.name}</option>))}
        </select>
        {errors.roomTypeId && <p id="change-roomTypeId-error" className="mt-1 text-sm text-red-700">{errors.roomTypeId}</p>}
      </div>
      <Field id="change-adults" name="adults" label="Adults" inputMode="numeric" required defaultValue={values.adults} error={errors.adults} />
      <ChildrenFields key={`${values.children}|${values.ages.join(",")}`} idPrefix="change-" count={values.children} ages={values.ages} errors={errors} lang="en" />
      <Field id="change-firstName" name="firstName" label="Guest first name" autoComplete="off" required maxLength={100} defaultValue={values.firstName} error={errors.firstName} />
      <Field id="change-lastName" name="lastName" label="Guest last name" autoComplete="off" required maxLength={100} defaultValue={values.lastName} error={errors.lastName} />
      <Field id="change-email" name="email" type="email" label="Guest e-mail" autoComplete="off" required maxLength={254} defaultValue={values.email} error={errors.email} />
      <Field id="change-externalReference" name="externalReference" label="Partner reference" maxLength={100} defaultValue={values.externalReference} error={errors.externalReference}
        hint="Leave empty to clear it." />
    </div>
  );
}

/** The party's fields, sent as the children fields send them (PartyHiddenFields). */
const PARTY_FIELDS = new Set(["adults", "children", "ages"]);

/** The previewed values travel with Confirm (a stay that has started sends no check-in or room type); the party as the children fields send it. */
function HiddenValues({ values, started }: { values: BookingChangeFormValues; started: boolean }) {
  const sent = Object.entries(values).filter(([name]) => !PARTY_FIELDS.has(name) && !(started && (name === "checkin" || name === "roomTypeId")));
  return (
    <>
      {sent.map(([name, value]) => <input key={name} type="hidden" name={name} value={String(value)} />)}
      <PartyHiddenFields party={{ adults: values.adults, childrenAges: values.ages }} />
    </>
  );
}

function ChangePreview({ quote, notice }: { quote: BookingChangeQuote; notice?: string }) {
  return (
    <section aria-labelledby="change-preview-heading" className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm">
      <h3 id="change-preview-heading" className="font-medium text-brand-900">Preview of the change</h3>
      {notice && <p role="alert" className="text-amber-900">{notice}</p>}
      <table className="w-full border-collapse">
        <caption className="sr-only">What the change changes</caption>
        <thead>
          <tr className="text-left text-stone-600"><th scope="col" className="py-1 pr-4 font-medium">Field</th><th scope="col" className="py-1 pr-4 font-medium">Now</th><th scope="col" className="py-1 font-medium">After the change</th></tr>
        </thead>
        <tbody>
          {quote.changes.map((line) => (
            <tr key={line.label} className="border-t border-stone-200 align-top">
              <th scope="row" className="py-1 pr-4 text-left font-normal">{line.label}</th><td className="py-1 pr-4">{line.from}</td><td className="py-1">{line.to}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="change-price">
        New price <strong>{quote.price}</strong> (now {quote.previousPrice}): {quote.difference}.
      </p>
      <table className="w-full max-w-xs border-collapse">
        <caption className="text-left font-medium text-stone-700">Price of each night</caption>
        <thead className="sr-only"><tr><th scope="col">Night</th><th scope="col">Price</th></tr></thead>
        <tbody>
          {quote.nightly.map((night) => (
            <tr key={night.date} className="border-b border-stone-200">
              <td className="py-1 pr-6"><time dateTime={night.date}>{night.night}</time></td><td className="py-1 text-right tabular-nums">{night.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
