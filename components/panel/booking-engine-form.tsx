"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import { FormStatus } from "./form-status";
import type { EngineFormState, EngineFormValues } from "./booking-engine-form-states";

type Props = {
  propertyId: string;
  initial: EngineFormValues;
  languages: { code: string; name: string }[];
  action: (state: EngineFormState, form: FormData) => Promise<EngineFormState>;
};

const TEXTAREA = "mt-1 w-full rounded-md border bg-white px-3 py-2 text-stone-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none";

/** Settings › Booking engine (admins): the sites that may embed the widget, its colour, welcome text and default language. */
export function BookingEngineForm({ propertyId, initial, languages, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const values = state.values ?? initial;
  return (
    <div className="space-y-3">
      <FormStatus error={state.error} done={state.done} />
      <form key={JSON.stringify(state.values ?? null)} action={formAction} className="grid max-w-2xl gap-4" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        <div>
          <label htmlFor="engine-origins" className="block text-sm font-medium text-stone-800">Sites that may show the widget</label>
          <textarea id="engine-origins" name="allowedOrigins" rows={3} defaultValue={values.allowedOrigins} aria-describedby="engine-origins-hint"
            aria-invalid={errors.allowedOrigins ? true : undefined} className={`${TEXTAREA} ${errors.allowedOrigins ? "border-red-600" : "border-stone-300"}`} />
          <p id="engine-origins-hint" className="mt-1 text-xs text-stone-600">
            One per line, as https://www.your-hotel.com (a port if it has one; http:// only for localhost and 127.0.0.1, to try it on your
            own machine). None listed: the widget is shown nowhere; the booking site itself always works.
          </p>
          {errors.allowedOrigins && <p className="mt-1 text-sm text-red-700">{errors.allowedOrigins}</p>}
        </div>
        <Field id="engine-colour" name="accentColour" label="Accent colour" maxLength={7} defaultValue={values.accentColour} error={errors.accentColour}
          hint="Buttons and links, as #rrggbb; white text on it must reach a contrast of 4.5:1 (WCAG AA)." />
        <div>
          <label htmlFor="engine-welcome" className="block text-sm font-medium text-stone-800">Welcome text (optional)</label>
          <textarea id="engine-welcome" name="welcomeText" rows={2} maxLength={300} defaultValue={values.welcomeText}
            aria-invalid={errors.welcomeText ? true : undefined} className={`${TEXTAREA} ${errors.welcomeText ? "border-red-600" : "border-stone-300"}`} />
          {errors.welcomeText && <p className="mt-1 text-sm text-red-700">{errors.welcomeText}</p>}
        </div>
        <div>
          <label htmlFor="engine-language" className="block text-sm font-medium text-stone-800">Default language</label>
          <select id="engine-language" name="defaultLanguage" defaultValue={values.defaultLanguage} className="mt-1 rounded-md border border-stone-300 bg-white px-3 py-2">
            {languages.map((language) => (
              <option key={language.code} value={language.code}>{language.name}</option>
            ))}
          </select>
          <p className="mt-1 text-xs text-stone-600">For guests whose browser asks for no language the site speaks.</p>
        </div>
        <div>
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
            {pending ? "Saving…" : "Save"}
          </button>
        </div>
      </form>
    </div>
  );
}
