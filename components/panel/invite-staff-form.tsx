"use client";

import { useActionState } from "react";
import { Field } from "@/components/booking-widget/field";
import type { InviteState } from "./team-form-states";

type Props = { propertyId: string; action: (state: InviteState, form: FormData) => Promise<InviteState> };

const ROLES = [
  { value: "viewer", label: "Viewer", hint: "sees everything, changes nothing" },
  { value: "admin", label: "Admin", hint: "changes rooms, rates, bookings, keys, webhooks and the team" },
] as const;

/** Settings › Team › Invite a colleague: e-mail, name (offered to them) and role; the link goes by e-mail. */
export function InviteStaffForm({ propertyId, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const errors = state.fieldErrors ?? {};
  const values = state.values ?? { email: "", name: "", role: "viewer" };
  return (
    <section aria-labelledby="invite" className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="invite" className="text-lg font-semibold">Invite a colleague</h2>
      <p className="mt-1 text-sm text-stone-700">They get an e-mail with a link that works once, for 72 hours, to set their name and password (or to add this hotel to the account they have).</p>
      {state.error && <p role="alert" className="mt-3 text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="mt-3 text-sm text-green-800">{state.done}</p>}
      {/* Keyed by the answer: a refused form comes back as typed, a sent one empty. */}
      <form key={JSON.stringify(state)} action={formAction} className="mt-4 grid max-w-2xl gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        <Field id="invite-email" name="email" type="email" label="E-mail address" autoComplete="off" required maxLength={254} defaultValue={values.email} error={errors.email} />
        <Field id="invite-name" name="name" label="Name (optional)" autoComplete="off" maxLength={100} defaultValue={values.name} error={errors.name} hint="Offered to them; they can change it." />
        <fieldset className="text-sm sm:col-span-2" aria-describedby={errors.role ? "invite-role-error" : undefined}>
          <legend className="font-medium text-stone-800">Role</legend>
          {ROLES.map((role) => (
            <label key={role.value} className="mt-1 block">
              <input type="radio" name="role" value={role.value} defaultChecked={values.role === role.value} /> {role.label} <span className="text-stone-600">({role.hint})</span>
            </label>
          ))}
          {errors.role && <p id="invite-role-error" className="mt-1 text-sm text-red-700">{errors.role}</p>}
        </fieldset>
        <div>
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
            {pending ? "Sending…" : "Send invitation"}
          </button>
        </div>
      </form>
    </section>
  );
}
