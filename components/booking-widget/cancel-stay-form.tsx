"use client";

import { useActionState } from "react";
import { guestWords } from "@/lib/i18n/guest-words";
import type { CancelStayState } from "./form-states";

/**
 * Cancel booking, for the guest: the booking's terms and what cancelling now costs, said before
 * the button (so with JavaScript off too) and asked again when JavaScript is on. The token
 * names the booking.
 */
export function CancelStayForm({ action, token, terms, feeNow, lang }: { action: (state: CancelStayState, form: FormData) => Promise<CancelStayState>; token: string; terms: string; feeNow: string; lang: string }) {
  const { t } = guestWords(lang);
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form
      action={formAction}
      className="space-y-3"
      onSubmit={(event) => {
        if (!window.confirm(t("manage.cancelConfirm", { feeNow }))) event.preventDefault();
      }}
    >
      <input type="hidden" name="token" value={token} />
      {state.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{state.error}</p>}
      <p className="text-sm text-stone-700">{terms}.</p>
      <p className="font-medium text-stone-900" data-testid="cancel-fee-now">{feeNow}.</p>
      <button type="submit" disabled={pending} className="rounded-md border border-red-700 bg-white px-5 py-2 font-medium text-red-800 hover:bg-red-50 focus:ring-2 focus:ring-red-700 focus:ring-offset-2 focus:outline-none disabled:opacity-60">
        {pending ? t("manage.cancelling") : t("manage.cancel")}
      </button>
    </form>
  );
}
