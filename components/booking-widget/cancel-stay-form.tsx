"use client";

import { useActionState } from "react";
import { guestWords } from "@/lib/i18n/guest-words";
import type { CancelStayState } from "./form-states";

/**
 * Cancel booking, for the guest: the booking's terms and what cancelling now costs, said before
 * the button (so with JavaScript off too) and asked again when JavaScript is on. The token
 * names the booking (or a booking group, for Cancel all rooms). On a group's page, a room's form
 * says which (`labels`: its button and question) and carries the group's token (`group`), to
 * come back to it.
 */
export function CancelStayForm({ action, token, group, labels, terms, feeNow, lang }: { action: (state: CancelStayState, form: FormData) => Promise<CancelStayState>; token: string; group?: string; labels?: { submit: string; confirm: string }; terms?: string; feeNow: string; lang: string }) {
  const { t } = guestWords(lang);
  const submit = labels?.submit ?? t("manage.cancel");
  const confirm = labels?.confirm ?? t("manage.cancelConfirm", { feeNow });
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form
      action={formAction}
      className="space-y-3"
      onSubmit={(event) => {
        if (!window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="token" value={token} />
      {group && <input type="hidden" name="group" value={group} />}
      {state.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">{state.error}</p>}
      {terms && <p className="text-sm text-stone-700">{terms}.</p>}
      <p className="font-medium text-stone-900" data-testid="cancel-fee-now">{feeNow}.</p>
      <button type="submit" disabled={pending} className="rounded-md border border-red-700 bg-white px-5 py-2 font-medium text-red-800 hover:bg-red-50 focus:ring-2 focus:ring-red-700 focus:ring-offset-2 focus:outline-none disabled:opacity-60">
        {pending ? t("manage.cancelling") : submit}
      </button>
    </form>
  );
}
