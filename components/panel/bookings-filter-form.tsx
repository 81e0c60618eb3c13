import Link from "next/link";
import { BOOKING_SEARCH_MAX_LENGTH } from "@/lib/schemas/booking-search";

/** What the bookings list was asked for: the search box and the filters, as typed (the URL's query). */
export type BookingsFilterValues = { q?: string; status?: string; checkinFrom?: string; checkinTo?: string; group?: string };

const INPUT = "mt-1 rounded border border-stone-300 px-2 py-1";

/** The list's URL for these values (empty ones left out), e.g. to clear the search but keep the filters. */
export function bookingsListHref(values: BookingsFilterValues & { cursor?: string }): string {
  const query = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return query.size ? `/bookings?${query}` : "/bookings";
}

/**
 * The bookings list's search and filters: one GET form, so it works without JavaScript and a
 * search is a link that can be shared or reloaded. The search finds guest names, e-mails and
 * references by the start of their words; the filters narrow it further.
 */
export function BookingsFilterForm({ values, searchError }: { values: BookingsFilterValues; searchError?: string }) {
  const describedBy = `q-hint${searchError ? " q-error" : ""}`;
  return (
    <form className="flex flex-wrap items-start gap-4 text-sm" method="get" role="search" aria-label="Bookings">
      {values.group && <input type="hidden" name="group" value={values.group} />}
      <div className="w-full max-w-sm">
        <label htmlFor="q" className="block font-medium">Search</label>
        <input id="q" name="q" type="search" defaultValue={values.q} maxLength={BOOKING_SEARCH_MAX_LENGTH} autoComplete="off"
          aria-invalid={searchError ? true : undefined} aria-describedby={describedBy}
          className={`${INPUT} w-full ${searchError ? "border-red-600" : ""}`} />
        <p id="q-hint" className="mt-1 text-xs text-stone-600">Guest name, e-mail or reference, or how they start: silva, ana@, <span className="whitespace-nowrap">HVH-4K</span>.</p>
        {searchError && <p id="q-error" className="mt-1 text-red-700">{searchError}</p>}
      </div>
      <div>
        <label htmlFor="status" className="block font-medium">Status</label>
        <select id="status" name="status" defaultValue={values.status ?? ""} className={INPUT}>
          <option value="">All</option><option value="confirmed">Confirmed</option><option value="cancelled">Cancelled</option>
        </select>
      </div>
      <div>
        <label htmlFor="checkinFrom" className="block font-medium">Check-in from</label>
        <input id="checkinFrom" name="checkinFrom" type="date" defaultValue={values.checkinFrom} className={INPUT} />
      </div>
      <div>
        <label htmlFor="checkinTo" className="block font-medium">Check-in to</label>
        <input id="checkinTo" name="checkinTo" type="date" defaultValue={values.checkinTo} className={INPUT} />
      </div>
      <div className="flex items-center gap-3 self-center sm:mt-5 sm:self-start">
        <button type="submit" className="rounded border border-stone-300 px-3 py-1 hover:bg-stone-100">Search</button>
        {values.q && <Link className="text-brand-700 underline" href={bookingsListHref({ ...values, q: undefined })}>Clear search</Link>}
      </div>
    </form>
  );
}

/** What an empty list says: what was searched for and filtered by, so staff know what to change. */
export function noBookingsText(values: BookingsFilterValues): string {
  const filtered = Boolean(values.status || values.checkinFrom || values.checkinTo);
  if (values.q) return `No bookings match “${values.q.trim()}”${filtered ? " with these filters" : ""}. Try fewer words or the start of a name, e-mail or reference.`;
  return filtered ? "No bookings match these filters." : "No bookings yet.";
}
