"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import { FOLLOWING_FIELDS, type RoomTypeFormState, type RoomTypeFormValues, shownFieldName } from "./rooms-form-states";

type Props = {
  propertyId: string;
  currency: string;
  /** Set to edit that room type; absent to add one. */
  roomTypeId?: string;
  initial: RoomTypeFormValues;
  /** Rates and availability of this room type (where its nights are changed). */
  ratesHref: string;
  action: (state: RoomTypeFormState, form: FormData) => Promise<RoomTypeFormState>;
};

/**
 * Add or edit a room type: name, description, who it takes (max adults, max children, max
 * occupancy), what its rate covers (adults included, the extra adult price), rooms and base price
 * (money in the property's currency). Max occupancy and adults included left as shown follow max
 * adults (the hidden `shown…` inputs say what was shown).
 */
export function RoomTypeForm({ propertyId, currency, roomTypeId, initial, ratesHref, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const values = state.values ?? initial;
  const id = (field: string) => `${roomTypeId ?? "new"}-${field}`;
  const verb = roomTypeId ? "Save" : "Add room type";
  return (
    <div className="space-y-3">
      {state.error && <p role="alert" className="text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="text-sm text-green-800">{state.done}</p>}
      {/* Keyed by the answer, so a refused form comes back with what was typed, and a saved one with what was stored. */}
      <form key={JSON.stringify(state.values ?? initial)} action={formAction} className="grid max-w-2xl gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        {roomTypeId && <input type="hidden" name="roomTypeId" value={roomTypeId} />}
        {FOLLOWING_FIELDS.map((field) => <input key={field} type="hidden" name={shownFieldName(field)} value={initial[field]} />)}
        <div className="sm:col-span-2">
          <Field id={id("name")} name="name" label="Name" required maxLength={100} defaultValue={values.name} error={errors.name} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={id("description")} className="block text-sm font-medium text-stone-800">Description (optional)</label>
          <textarea id={id("description")} name="description" rows={2} maxLength={2000} defaultValue={values.description}
            aria-invalid={errors.description ? true : undefined} aria-describedby={errors.description ? `${id("description")}-error` : undefined}
            className={`mt-1 w-full rounded-md border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none ${errors.description ? "border-red-600" : "border-stone-300"}`} />
          {errors.description && <p id={`${id("description")}-error`} className="mt-1 text-sm text-red-700">{errors.description}</p>}
        </div>
        <Field id={id("maxAdults")} name="maxAdults" label="Max adults" inputMode="numeric" required defaultValue={values.maxAdults} error={errors.maxAdults}
          hint="The most adults (18 or more) one room takes." />
        <Field id={id("maxChildren")} name="maxChildren" label="Max children" inputMode="numeric" required defaultValue={values.maxChildren} error={errors.maxChildren}
          hint="The most children one room takes (0: none); each pays its age band's price." />
        <Field id={id("maxOccupancy")} name="maxOccupancy" label="Max occupancy" inputMode="numeric" required defaultValue={values.maxOccupancy} error={errors.maxOccupancy}
          hint="Adults and children together, at least max adults." />
        <Field id={id("adultsIncluded")} name="adultsIncluded" label="Adults included" inputMode="numeric" required defaultValue={values.adultsIncluded}
          error={errors.adultsIncluded} hint="How many adults a night's price covers, up to max adults." />
        <Field id={id("extraAdult")} name="extraAdult" label={`Extra adult a night (${currency})`} inputMode="decimal" required defaultValue={values.extraAdult}
          error={errors.extraAdult} hint="Added a night for each adult above adults included, e.g. 30.00." />
        <Field id={id("rooms")} name="rooms" label="Rooms" inputMode="numeric" required defaultValue={values.rooms} error={errors.rooms}
          hint="Rooms for sale on nights created later." />
        <Field id={id("basePrice")} name="basePrice" label={`Base price a night (${currency})`} inputMode="decimal" required defaultValue={values.basePrice}
          error={errors.basePrice} hint="The price of nights created later, e.g. 120.00." />
        <p className="self-end text-sm text-stone-700 sm:col-span-2">
          {roomTypeId
            ? "Base price and rooms apply to nights created later; nights already in the calendar keep theirs. "
            : "The new room type is for sale at its base price every night from today for two years. "}
          Max occupancy and adults included, left as they are, follow max adults when they equal it.{" "}
          Children&apos;s prices are the age bands of <Link className="text-brand-700 underline" href="/settings/property">Settings › Property</Link>.{" "}
          <Link className="text-brand-700 underline" href={ratesHref}>Change prices and rooms of existing nights in bulk edit</Link>.
        </p>
        <div>
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
            {pending ? "Saving…" : verb}
          </button>
        </div>
      </form>
    </div>
  );
}
