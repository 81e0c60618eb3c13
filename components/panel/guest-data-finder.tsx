"use client";

import { useActionState } from "react";
import { formatStayRange } from "@/lib/dates/format-calendar-date";
import { FormStatus } from "./form-status";
import { countRecords, type GuestDataState } from "./privacy-form-states";

type Props = {
  propertyId: string;
  /** Where the Export form posts: a route answering the JSON file. */
  exportUrl: string;
  action: (state: GuestDataState, form: FormData) => Promise<GuestDataState>;
};

const STATUS_WORDS = { confirmed: "confirmed", cancelled: "cancelled", partly_cancelled: "partly cancelled" } as const;

/**
 * Settings › Privacy › Find a guest's data (admins): by e-mail, every booking and booking group
 * the property holds with it; Export (a JSON file) and Erase, which asks first, naming how many.
 */
export function GuestDataFinder({ propertyId, exportUrl, action }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const records = state.records;
  const button = "rounded-md border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100 disabled:opacity-60";
  return (
    <div className="space-y-4">
      <form action={formAction} className="flex max-w-xl flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="propertyId" value={propertyId} />
        <input type="hidden" name="step" value="find" />
        <div className="grow">
          <label htmlFor="guest-email" className="block text-sm font-medium text-stone-800">Guest&apos;s e-mail</label>
          <input id="guest-email" name="email" type="email" autoComplete="off" required defaultValue={state.email ?? ""} key={state.email ?? ""}
            className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2" />
        </div>
        <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900 disabled:opacity-60">
          {pending ? "Looking…" : "Find"}
        </button>
      </form>
      <FormStatus error={state.error} done={state.done} />
      {state.refused && <p role="alert" className="text-sm text-amber-800">{state.refused}</p>}

      {records && state.email && (
        <section aria-label="What the property holds" className="space-y-3">
          {records.length === 0 ? (
            <p className="text-sm text-stone-700" data-testid="guest-records-none">No booking or booking group of this property has the guest {state.email}.</p>
          ) : (
            <>
              <p className="text-sm text-stone-700">{countRecords(records)} with {state.email}:</p>
              <table className="text-left text-sm" data-testid="guest-records">
                <thead><tr className="border-b border-stone-300"><th className="py-2 pr-6">Reference</th><th className="py-2 pr-6">What</th><th className="py-2 pr-6">Stay</th><th className="py-2">Status</th></tr></thead>
                <tbody>
                  {records.map((record) => (
                    <tr key={record.reference} className="border-b border-stone-200">
                      <td className="py-2 pr-6 font-mono">{record.reference}</td>
                      <td className="py-2 pr-6">{record.what}</td>
                      <td className="py-2 pr-6">{formatStayRange(record.checkin, record.checkout)}</td>
                      <td className="py-2">{STATUS_WORDS[record.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="flex flex-wrap gap-2">
                <form action={exportUrl} method="post">
                  <input type="hidden" name="propertyId" value={propertyId} />
                  <input type="hidden" name="email" value={state.email} />
                  <button type="submit" className={button}>Export (JSON)</button>
                </form>
                {!state.confirming && (
                  <form action={formAction}>
                    <input type="hidden" name="propertyId" value={propertyId} />
                    <input type="hidden" name="email" value={state.email} />
                    <input type="hidden" name="step" value="confirm" />
                    <button type="submit" disabled={pending} className={`${button} text-red-800`}>Erase…</button>
                  </form>
                )}
              </div>
              {state.confirming && (
                <form action={formAction} className="space-y-2 rounded-md border border-red-200 bg-red-50 p-4" role="group" aria-labelledby="erase-question">
                  <p id="erase-question" className="text-sm text-red-900">
                    Erase {state.email} from {countRecords(records)}? Their names become &quot;Anonymised&quot; and the e-mail an address that cannot exist,
                    everywhere it is kept; the bookings stay for the hotel&apos;s accounts. Stays that have not ended are refused. This cannot be undone.
                  </p>
                  <input type="hidden" name="propertyId" value={propertyId} />
                  <input type="hidden" name="email" value={state.email} />
                  <input type="hidden" name="step" value="erase" />
                  <div className="flex gap-2">
                    <button type="submit" disabled={pending} className="rounded-md bg-red-700 px-3 py-2 text-sm font-medium text-white hover:bg-red-900 disabled:opacity-60">
                      Yes, erase
                    </button>
                    <button type="submit" name="step" value="find" formNoValidate className={button}>Cancel</button>
                  </div>
                </form>
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}
