import { formatInstant } from "@/lib/dates/format-instant";
import type { BookingHistoryItem } from "@/lib/bookings/list-booking-history";

const WHAT: Record<BookingHistoryItem["kind"], string> = { created: "Created", changed: "Changed", cancelled: "Cancelled" };

/** One line of the booking's history: when (on the hotel's clock), what, by whom, and what changed from → to. */
function HistoryItem({ item, timeZone }: { item: BookingHistoryItem; timeZone: string }) {
  return (
    <li className="rounded-md border border-stone-200 bg-white px-4 py-3">
      <p>
        <time dateTime={item.at.toISOString()} className="text-stone-600">{formatInstant(item.at, timeZone)}</time>
        {" · "}<strong className="font-medium">{WHAT[item.kind]}</strong> by {item.by}
      </p>
      {item.kind === "changed" && (
        <ul className="mt-2 space-y-1">
          {item.changes.map((line) => (<li key={line.label}><span className="text-stone-600">{line.label}:</span> {line.from} → {line.to}</li>))}
        </ul>
      )}
      {item.kind === "cancelled" && item.reason && <p className="mt-2"><span className="text-stone-600">Reason:</span> {item.reason}</p>}
    </li>
  );
}

/** A booking's History, oldest first: every member of the property reads it, viewers too. */
export function BookingHistory({ history, timeZone }: { history: BookingHistoryItem[]; timeZone: string }) {
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="font-serif text-2xl text-brand-900">History</h2>
      <ol className="max-w-2xl space-y-3 text-sm">
        {history.map((item, index) => (<HistoryItem key={index} item={item} timeZone={timeZone} />))}
      </ol>
    </section>
  );
}
