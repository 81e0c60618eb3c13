import { describeInventoryChange } from "@/lib/audit/describe-inventory-change";
import type { AuditEventRow } from "@/lib/audit/list-audit-events";

const when = (date: Date) => date.toISOString().replace("T", " ").slice(0, 16) + " UTC";

/** A page's own audit history (room types on Rooms, rates on Rates): when, who, what changed. */
export function RoomsRatesHistory({ events, headingId }: { events: AuditEventRow[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">History</h2>
      <ul className="mt-3 space-y-1 text-sm" data-testid="history">
        {events.length === 0 && <li className="text-stone-600">No changes yet.</li>}
        {events.map((event) => (
          <li key={event.id} className="break-words">
            <span className="text-stone-600">{when(event.createdAt)}</span> · {event.actorLabel} {describeInventoryChange(event.action, event.details)}
          </li>
        ))}
      </ul>
    </section>
  );
}
