"use client";

import { startRegistration, type PublicKeyCredentialCreationOptionsJSON, type RegistrationResponseJSON } from "@simplewebauthn/browser";
import { useActionState, useState, useTransition } from "react";
import { FormStatus } from "./form-status";
import type { PasskeyView, SecurityFormState } from "./sign-in-security-form-states";

type Action = (previous: SecurityFormState, form: FormData) => Promise<SecurityFormState>;

/** Account › Passkeys: the member's passkeys (name, added, last used), each removable, and a form to add one. */
export function PasskeysSection({
  passkeys,
  remove,
  getOptions,
  add,
}: {
  passkeys: PasskeyView[];
  remove: Action;
  getOptions: () => Promise<PublicKeyCredentialCreationOptionsJSON>;
  add: (name: string, response: RegistrationResponseJSON) => Promise<SecurityFormState>;
}) {
  const [removed, removeAction, removing] = useActionState<SecurityFormState, FormData>(remove, {});
  return (
    <div className="space-y-4">
      {passkeys.length === 0 ? (
        <p className="text-sm text-stone-700">No passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-stone-200 rounded-md border border-stone-200 bg-white">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-x-6 gap-y-1 px-4 py-3 text-sm">
              <span className="font-medium">{passkey.name}</span>
              <span className="text-stone-600">Added {passkey.created}</span>
              <span className="text-stone-600">Last used {passkey.lastUsed}</span>
              {passkey.synced && <span className="text-stone-600">Synced across devices</span>}
              <form action={removeAction} className="ml-auto">
                <input type="hidden" name="passkeyId" value={passkey.id} />
                <button type="submit" disabled={removing} aria-label={`Remove ${passkey.name}`} className="rounded border border-stone-300 px-2 py-1 hover:bg-stone-100">
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <FormStatus error={removed.error} done={removed.done} />
      <AddPasskeyForm getOptions={getOptions} add={add} />
    </div>
  );
}

function AddPasskeyForm({ getOptions, add }: { getOptions: () => Promise<PublicKeyCredentialCreationOptionsJSON>; add: (name: string, response: RegistrationResponseJSON) => Promise<SecurityFormState> }) {
  const [name, setName] = useState("");
  const [state, setState] = useState<SecurityFormState>({});
  const [pending, startTransition] = useTransition();
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    startTransition(async () => {
      if (!name.trim()) {
        setState({ error: "Name the passkey, so you know it later (\"Front desk PC\")." });
        return;
      }
      let response: RegistrationResponseJSON;
      try {
        response = await startRegistration({ optionsJSON: await getOptions() });
      } catch {
        setState({ error: "No passkey was made (the dialog was closed, or this device cannot make one)." });
        return;
      }
      const result = await add(name, response);
      setState(result);
      if (!result.error) setName("");
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="passkeyName" className="block text-sm font-medium text-stone-800">Name of the new passkey</label>
        <input id="passkeyName" value={name} onChange={(event) => setName(event.target.value)} maxLength={60} placeholder="Front desk PC"
          className="mt-1 w-64 rounded-md border border-stone-300 px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none" />
      </div>
      <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
        {pending ? "Waiting for your device…" : "Add a passkey"}
      </button>
      <div className="basis-full"><FormStatus error={state.error} done={state.done} /></div>
    </form>
  );
}
