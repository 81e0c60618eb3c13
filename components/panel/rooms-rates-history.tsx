import { describeInventoryChange } from "@/lib/rates/describe-inventory-change";
import type { AuditEventRow } from "@/lib/audit/list-audit-events";
import { formatInstant } from "@/lib/dates/format-instant";

type Props = {
  events: AuditEventRow[];
  headingId: string;
  timeZone: string;
  /** What a row did, in words (default: a room type's or rates' change). */
  describe?: (action: string, details: unknown) => string;
};

/** A page's own audit history (room types on Rooms, rates on Rates, the property's settings, the team on Team): when, who, what changed. */
export function RoomsRatesHistory({ events, headingId, timeZone, describe = describeInventoryChange }: Props) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">History</h2>
      <ul className="mt-3 space-y-1 text-sm" data-testid="history">
        {events.length === 0 && <li className="text-stone-600">No changes yet.</li>}
        {events.map((event) => (
          <li key={event.id} className="break-words">
            <span className="text-stone-600">{formatInstant(event.createdAt, timeZone)}</span> · {event.actorLabel} {describe(event.action, event.details)}
          </li>
        ))}
      </ul>
    </section>
  );
}
