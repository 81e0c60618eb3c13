"use client";

import { useActionState } from "react";
import type { KeyActionState } from "@/app/(panel)/(signed-in)/settings/api-keys/actions";
import { ShownOnceKey } from "./shown-once-key";

type Props = {
  propertyId: string;
  canWrite: boolean;
  writeDisabledReason?: string;
  action: (state: KeyActionState, form: FormData) => Promise<KeyActionState>;
};

/** Settings › API Keys › Create key: label and scope; the value appears once. */
export function CreateKeyForm({ propertyId, canWrite, writeDisabledReason, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <section aria-labelledby="create-key" className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="create-key" className="text-lg font-semibold">Create key</h2>
      {state.shown && <div className="mt-4"><ShownOnceKey verb={state.shown.verb} label={state.shown.label} value={state.shown.key} /></div>}
      {state.error && <p role="alert" className="mt-4 text-sm text-red-700">{state.error}</p>}
      <form action={formAction} className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="propertyId" value={propertyId} />
        <div>
          <label htmlFor="label" className="block text-sm font-medium">Label</label>
          <input id="label" name="label" required maxLength={100} placeholder="e.g. Booking site" className="mt-1 rounded-md border border-stone-300 px-3 py-2" />
        </div>
        <fieldset className="text-sm">
          <legend className="font-medium">Scope</legend>
          <label className="mr-4"><input type="radio" name="scope" value="read" defaultChecked={!canWrite} /> Read</label>
          <label className={canWrite ? "" : "text-stone-400"}>
            <input type="radio" name="scope" value="write" disabled={!canWrite} defaultChecked={canWrite} /> Write
          </label>
          {!canWrite && <p className="mt-1 text-stone-600">{writeDisabledReason}</p>}
        </fieldset>
        <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
          {pending ? "Creating…" : "Create key"}
        </button>
      </form>
    </section>
  );
}
