"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import type { BulkEditState, BulkEditValues } from "./rates-form-states";

type Props = {
  propertyId: string;
  roomTypeId: string;
  roomTypeName: string;
  currency: string;
  /** Today at the property: the earliest night that may be changed. */
  today: string;
  action: (state: BulkEditState, form: FormData) => Promise<BulkEditState>;
};

const WEEKDAYS = [["1", "Mon"], ["2", "Tue"], ["3", "Wed"], ["4", "Thu"], ["5", "Fri"], ["6", "Sat"], ["7", "Sun"]] as const;
const STATES = [["keep", "Leave as they are"], ["close", "Close (not for sale)"], ["open", "Open"]] as const;
const ARRIVALS = [["keep", "Leave as they are"], ["close", "No check-in (closed to arrival)"], ["open", "Allow check-in"]] as const;
const DEPARTURES = [["keep", "Leave as they are"], ["close", "No check-out (closed to departure)"], ["open", "Allow check-out"]] as const;
const EMPTY: BulkEditValues = { from: "", to: "", weekdays: [], price: "", rooms: "", state: "keep", minStay: "", maxStay: "", clearMaxStay: "", arrival: "keep", departure: "keep" };

/** A choice of leave, close or open, as radios under a legend (each defaults to leaving the nights as they are). */
function ChoiceFieldset({ name, legend, options, checked, error }: { name: string; legend: string; options: readonly (readonly [string, string])[]; checked: string; error?: string }) {
  return (
    <fieldset className="text-sm sm:col-span-2" aria-describedby={error ? `bulk-${name}-error` : undefined}>
      <legend className="font-medium text-stone-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
        {options.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-1">
            <input type="radio" name={name} value={value} defaultChecked={checked === value} /> {label}
          </label>
        ))}
      </div>
      {error && <p id={`bulk-${name}-error`} className="mt-1 text-red-700">{error}</p>}
    </fieldset>
  );
}

/**
 * Bulk edit: first and last night (both included), optionally some weekdays, then a price, rooms
 * for sale, close or open, and the stay restrictions (min and max stay of stays arriving on the
 * nights, no check-in, no check-out); whatever is left empty or "as they are" stays unchanged.
 */
export function RatesBulkEditForm({ propertyId, roomTypeId, roomTypeName, currency, today, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const values = state.values ?? EMPTY;
  return (
    <section id="bulk-edit" aria-labelledby="bulk-edit-heading" className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="bulk-edit-heading" className="text-lg font-semibold">Bulk edit: {roomTypeName}</h2>
      <p className="mt-1 text-sm text-stone-700">
        Change every night from the first to the last (both included), or only some weekdays. Fields left empty (or as they are) keep each night as it is.
        Rooms for sale never go below rooms already sold.
      </p>
      {state.error && <p role="alert" className="mt-3 text-sm text-red-700">{state.error}</p>}
      <div role="status" className="mt-3 text-sm text-green-800 empty:hidden">
        {state.done && <p>{state.done}</p>}
        {state.keptAboveSoldNights && state.keptAboveSoldNights.length > 0 && (
          <div data-testid="kept-above-sold" className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
            <p>Rooms for sale were kept at the rooms already sold on these nights:</p>
            <ul className="mt-1 list-disc pl-5">{state.keptAboveSoldNights.map((date) => <li key={date}>{date}</li>)}</ul>
          </div>
        )}
      </div>
      {/* Keyed by the answer, so a refused form comes back with what was typed. */}
      <form key={JSON.stringify(state.values ?? null)} action={formAction} className="mt-4 grid max-w-2xl gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="roomTypeId" value={roomTypeId} />
        <Field id="bulk-from" name="from" type="date" label="First night" required min={today} defaultValue={values.from} error={errors.from} />
        <Field id="bulk-to" name="to" type="date" label="Last night" required min={today} defaultValue={values.to} error={errors.to} hint="Included." />
        <fieldset className="text-sm sm:col-span-2" aria-describedby={`bulk-weekdays-hint${errors.weekdays ? " bulk-weekdays-error" : ""}`}>
          <legend className="font-medium text-stone-800">Only on these weekdays (optional)</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS.map(([value, name]) => (
              <label key={value} className="inline-flex items-center gap-1">
                <input type="checkbox" name="weekdays" value={value} defaultChecked={values.weekdays.includes(value)} /> {name}
              </label>
            ))}
          </div>
          <p id="bulk-weekdays-hint" className="mt-1 text-xs text-stone-600">None ticked: every night of the range.</p>
          {errors.weekdays && <p id="bulk-weekdays-error" className="mt-1 text-red-700">{errors.weekdays}</p>}
        </fieldset>
        <Field id="bulk-price" name="price" label={`Set price a night (${currency})`} inputMode="decimal" defaultValue={values.price} error={errors.price}
          hint="e.g. 120.00; empty keeps each night's price." />
        <Field id="bulk-rooms" name="rooms" label="Set rooms for sale" inputMode="numeric" defaultValue={values.rooms} error={errors.rooms}
          hint="Empty keeps each night's rooms." />
        <ChoiceFieldset name="state" legend="Open or closed" options={STATES} checked={values.state} error={errors.state} />
        <Field id="bulk-minStay" name="minStay" label="Set min stay (nights)" inputMode="numeric" defaultValue={values.minStay} error={errors.minStay}
          hint="For stays arriving on these nights; 1 removes it. Empty keeps it." />
        <div>
          <Field id="bulk-maxStay" name="maxStay" label="Set max stay (nights)" inputMode="numeric" defaultValue={values.maxStay} error={errors.maxStay}
            hint="For stays arriving on these nights. Empty keeps it." />
          <label className="mt-1 inline-flex items-center gap-1 text-sm">
            <input type="checkbox" name="clearMaxStay" defaultChecked={values.clearMaxStay === "on"} /> Remove the max stay
          </label>
        </div>
        <ChoiceFieldset name="arrival" legend="Arrivals" options={ARRIVALS} checked={values.arrival} error={errors.arrival} />
        <ChoiceFieldset name="departure" legend="Departures" options={DEPARTURES} checked={values.departure} error={errors.departure} />
        <div>
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
            {pending ? "Applying…" : "Apply to these nights"}
          </button>
        </div>
      </form>
    </section>
  );
}
