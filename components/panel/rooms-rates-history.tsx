import { describeInventoryChange } from "@/lib/audit/describe-inventory-change";
import type { AuditEventRow } from "@/lib/audit/list-audit-events";
import { formatInstant } from "@/lib/dates/format-instant";

/** A page's own audit history (room types on Rooms, rates on Rates): when, who, what changed. */
export function RoomsRatesHistory({ events, headingId, timeZone }: { events: AuditEventRow[]; headingId: string; timeZone: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">History</h2>
      <ul className="mt-3 space-y-1 text-sm" data-testid="history">
        {events.length === 0 && <li className="text-stone-600">No changes yet.</li>}
        {events.map((event) => (
          <li key={event.id} className="break-words">
            <span className="text-stone-600">{formatInstant(event.createdAt, timeZone)}</span> · {event.actorLabel} {describeInventoryChange(event.action, event.details)}
          </li>
        ))}
      </ul>
    </section>
  );
}
