"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import type { RatePlanFormState, RatePlanFormValues } from "./rate-plan-form-states";

type Props = {
  propertyId: string;
  currency: string;
  /** Set to edit that plan; absent to add one. */
  ratePlanId?: string;
  initial: RatePlanFormValues;
  /** The property's room types, to choose those the plan is sold for. */
  roomTypes: { id: string; name: string }[];
  action: (state: RatePlanFormState, form: FormData) => Promise<RatePlanFormState>;
};

const PRICE_RULES = [["none", "The night's rate"], ["percent", "A percentage of the night's rate"], ["amount", "An amount a night"]] as const;
const POLICIES = [["free_until", "Free cancellation until some days before arrival"], ["non_refundable", "Non-refundable (cancelling costs the whole stay)"]] as const;

function Radios({ name, legend, options, checked, error, id }: { name: string; legend: string; options: readonly (readonly [string, string])[]; checked: string; error?: string; id: string }) {
  return (
    <fieldset className="text-sm" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-medium text-stone-800">{legend}</legend>
      <div className="mt-1 flex flex-col gap-1">
        {options.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input type="radio" name={name} value={value} defaultChecked={checked === value} /> {label}
          </label>
        ))}
      </div>
      {error && <p id={`${id}-error`} className="mt-1 text-red-700">{error}</p>}
    </fieldset>
  );
}

/** Add or edit a rate plan: name, description, price rule, cancellation policy and the room types it is sold for. */
export function RatePlanForm({ propertyId, currency, ratePlanId, initial, roomTypes, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const values = state.values ?? initial;
  const id = (field: string) => `${ratePlanId ?? "new"}-${field}`;
  return (
    <div className="space-y-3">
      {state.error && <p role="alert" className="text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="text-sm text-green-800">{state.done}</p>}
      {/* Keyed by the answer, so a refused form comes back with what was typed. */}
      <form key={JSON.stringify(state.values ?? null)} action={formAction} className="grid max-w-2xl gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        {ratePlanId && <input type="hidden" name="ratePlanId" value={ratePlanId} />}
        <div className="sm:col-span-2">
          <Field id={id("name")} name="name" label="Name" required maxLength={100} defaultValue={values.name} error={errors.name} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id("description")} className="block text-sm font-medium text-stone-800">Description (optional)</label>
          <textarea id={id("description")} name="description" rows={2} maxLength={500} defaultValue={values.description}
            aria-invalid={errors.description ? true : undefined} aria-describedby={errors.description ? `${id("description")}-error` : undefined}
            className={`mt-1 w-full rounded-md border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none ${errors.description ? "border-red-600" : "border-stone-300"}`} />
          {errors.description && <p id={`${id("description")}-error`} className="mt-1 text-sm text-red-700">{errors.description}</p>}
        </div>
        <div className="space-y-3 sm:col-span-2">
          <Radios id={id("priceRule")} name="priceRule" legend="Price" options={PRICE_RULES} checked={values.priceRule} error={errors.priceRule} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("percent")} name="percent" label="Percentage (%)" inputMode="numeric" defaultValue={values.percent} error={errors.percent}
              hint="With a percentage: -10 takes 10 % off, 15 adds 15 %." />
            <Field id={id("amount")} name="amount" label={`Amount a night (${currency})`} inputMode="decimal" defaultValue={values.amount} error={errors.amount}
              hint="With an amount: -5.00 takes it off, 15.00 adds it." />
          </div>
        </div>
        <div className="space-y-3 sm:col-span-2">
          <Radios id={id("policy")} name="policy" legend="Cancellation" options={POLICIES} checked={values.policy} error={errors.policy} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id("daysBefore")} name="daysBefore" label="Free until, days before arrival" inputMode="numeric" defaultValue={values.daysBefore} error={errors.daysBefore}
              hint="0: until the day of arrival itself, and then no fee can apply (a booking cannot be cancelled after its check-in date)." />
            <div>
              <label htmlFor={id("fee")} className="block text-sm font-medium text-stone-800">Then cancelling costs</label>
              <select id={id("fee")} name="fee" defaultValue={values.fee} aria-describedby={errors.fee ? `${id("fee")}-error` : undefined}
                className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900">
                <option value="first_night">The first night</option>
                <option value="full_stay">The whole stay</option>
              </select>
              {errors.fee && <p id={`${id("fee")}-error`} className="mt-1 text-sm text-red-700">{errors.fee}</p>}
            </div>
          </div>
        </div>
        <fieldset className="text-sm sm:col-span-2" aria-describedby={`${id("roomTypeIds")}-hint${errors.roomTypeIds ? ` ${id("roomTypeIds")}-error` : ""}`}>
          <legend className="font-medium text-stone-800">Sold for</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {roomTypes.map((roomType) => (
              <label key={roomType.id} className="inline-flex items-center gap-1">
                <input type="checkbox" name="roomTypeIds" value={roomType.id} defaultChecked={values.roomTypeIds.includes(roomType.id)} /> {roomType.name}
              </label>
            ))}
          </div>
          <p id={`${id("roomTypeIds")}-hint`} className="mt-1 text-xs text-stone-600">None ticked: every room type, also those added later.</p>
          {errors.roomTypeIds && <p id={`${id("roomTypeIds")}-error`} className="mt-1 text-red-700">{errors.roomTypeIds}</p>}
        </fieldset>
        <div>
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
            {pending ? "Saving…" : ratePlanId ? "Save" : "Add rate plan"}
          </button>
        </div>
      </form>
    </div>
  );
}
