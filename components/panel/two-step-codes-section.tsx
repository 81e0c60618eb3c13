"use client";

import { useActionState } from "react";
import { FormStatus } from "./form-status";
import type { SecurityFormState } from "./sign-in-security-form-states";

type Action = (previous: SecurityFormState, form: FormData) => Promise<SecurityFormState>;

const field = "mt-1 w-56 rounded-md border border-stone-300 px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none";
const button = "rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60";

/** Recovery codes, shown once after they are made. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">Your recovery codes. Keep them somewhere safe now: they are not shown again. Each works once, instead of a code from your app.</p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => <li key={code}>{code}</li>)}
      </ul>
    </div>
  );
}

/** Turning codes on: the QR code and the secret as text, confirmed by a code from the app. */
export function TwoStepCodesSetup({ qrCode, secret, confirm }: { qrCode: string; secret: string; confirm: Action }) {
  const [state, action, pending] = useActionState<SecurityFormState, FormData>(confirm, {});
  if (state.recoveryCodes) {
    return (
      <div className="space-y-3">
        <p role="status" className="text-sm text-green-800">{state.done}</p>
        <RecoveryCodes codes={state.recoveryCodes} />
        <p className="text-sm"><a href="/account/sign-in-security" className="text-brand-700 underline">I have kept them</a></p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">Scan this QR code with an authenticator app (Google Authenticator, 1Password, Microsoft Authenticator…), or type the secret into it. Then type the six-digit code it shows.</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server, no optimisation to gain */}
      <img src={qrCode} alt="QR code of your two-step secret" width={192} height={192} className="rounded border border-stone-200 bg-white" />
      <p className="text-sm">Secret: <code data-testid="totp-secret" className="rounded bg-stone-100 px-2 py-1 font-mono">{secret}</code></p>
      <form action={action} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="setupCode" className="block text-sm font-medium text-stone-800">Code from your app</label>
          <input id="setupCode" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={10} className={field} />
        </div>
        <button type="submit" disabled={pending} className={button}>Turn on two-step codes</button>
        <div className="basis-full"><FormStatus error={state.error} /></div>
      </form>
    </div>
  );
}

/** Codes on: how many recovery codes are left, new ones (after the password), or turning codes off (after the password). */
export function TwoStepCodesOn({ unusedRecoveryCodes, renew, turnOff }: { unusedRecoveryCodes: number; renew: Action; turnOff: Action }) {
  const [renewed, renewAction, renewing] = useActionState<SecurityFormState, FormData>(renew, {});
  const [off, offAction, turningOff] = useActionState<SecurityFormState, FormData>(turnOff, {});
  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-700">Two-step codes are on. {unusedRecoveryCodes} of your recovery codes are unused.</p>
      <form action={renewAction} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="renewPassword" className="block text-sm font-medium text-stone-800">Your password, for new recovery codes</label>
          <input id="renewPassword" name="password" type="password" autoComplete="current-password" className={field} />
        </div>
        <button type="submit" disabled={renewing} className={button}>New recovery codes</button>
        <div className="basis-full"><FormStatus error={renewed.error} done={renewed.done} /></div>
      </form>
      {renewed.recoveryCodes && <RecoveryCodes codes={renewed.recoveryCodes} />}
      <form action={offAction} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="offPassword" className="block text-sm font-medium text-stone-800">Your password, to turn codes off</label>
          <input id="offPassword" name="password" type="password" autoComplete="current-password" className={field} />
        </div>
        <button type="submit" disabled={turningOff} className="rounded-md border border-stone-300 px-4 py-2 hover:bg-stone-100">Turn two-step codes off</button>
        <div className="basis-full"><FormStatus error={off.error} done={off.done} /></div>
      </form>
    </div>
  );
}
