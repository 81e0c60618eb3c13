"use client";

import { useActionState } from "react";
import type { CancelState } from "@/app/(panel)/(signed-in)/bookings/actions";

/** Cancel booking, after a confirmation; the reason is optional. */
export function CancelBookingForm({ propertyId, bookingId, action }: { propertyId: string; bookingId: string; action: (s: CancelState, f: FormData) => Promise<CancelState> }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="space-y-3" onSubmit={(event) => { if (!window.confirm("Cancel this booking? Its nights go back on sale.")) event.preventDefault(); }}>
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="bookingId" value={bookingId} />
      <div>
        <label htmlFor="reason" className="block text-sm font-medium">Reason (optional)</label>
        <input id="reason" name="reason" maxLength={500} className="mt-1 w-full max-w-md rounded-md border border-stone-300 px-3 py-2" />
      </div>
      {state.error && <p role="alert" className="text-sm text-red-700">{state.error}</p>}
      {state.done && <p role="status" className="text-sm text-green-800">{state.done}</p>}
      <button type="submit" disabled={pending} className="rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60">
        {pending ? "Cancelling…" : "Cancel booking"}
      </button>
    </form>
  );
}
