"use client";

import { startAuthentication, type AuthenticationResponseJSON, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState, useTransition } from "react";

/**
 * "Sign in with a passkey": the browser offers this site's passkeys (no e-mail typed), the server
 * checks the answer against a challenge of its own and signs in. Needs JavaScript (WebAuthn is
 * a browser API); the password form works without it.
 */
export function PasskeySignInButton({
  next,
  getOptions,
  signIn,
}: {
  next: string;
  getOptions: () => Promise<PublicKeyCredentialRequestOptionsJSON>;
  signIn: (response: AuthenticationResponseJSON, next: string) => Promise<{ error: string }>;
}) {
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const run = () =>
    startTransition(async () => {
      setError(undefined);
      let response: AuthenticationResponseJSON;
      try {
        response = await startAuthentication({ optionsJSON: await getOptions() });
      } catch {
        setError("No passkey was used (the dialog was closed, or this device has none for this site).");
        return;
      }
      const result = await signIn(response, next);
      setError(result.error);
    });
  return (
    <div className="mt-6 space-y-3">
      <button type="button" onClick={run} disabled={pending}
        className="w-full rounded-md border border-brand-700 px-4 py-2 font-medium text-brand-800 hover:bg-brand-50 disabled:opacity-60">
        {pending ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      {error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{error}</p>}
    </div>
  );
}
