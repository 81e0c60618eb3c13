import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { EventFeedQuery, EventFeedView, EventView } from "@/lib/schemas/events";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { decodeEventCursor, encodeEventCursor, FEED_START, type EventPosition } from "./event-cursor";
import { EVENT_RETENTION_DAYS } from "./event-types";

type EventRow = { id: string; type: EventView["type"]; created_at: Date; data: EventView["data"]; txid: string; sequence: string };

const DAY_MS = 86_400_000;
export const DEFAULT_FEED_LIMIT = 100;

/**
 * A property's events after a cursor, oldest first. Transactions commit in another order
 * than they wrote, so a plain sequence would let a reader pass an event that commits late.
 * The feed is ordered by (txid, sequence) and serves only events of transactions older than
 * the oldest one still running (pg_snapshot_xmin): nothing can appear behind a cursor later,
 * so a reader sees every event once, in an order that never changes.
 *
 * nextCursor is the position after the last event returned, or the given one when none was
 * (handed out again, so its 30 days start anew: no event older than the cursor can be pruned).
 */
export async function readEventFeed(
  db: Db,
  property: { id: string; livePropertyId: string | null },
  query: EventFeedQuery,
  clock: Clock = systemClock,
): Promise<EventFeedView> {
  const propertyId = property.id;
  const mode = propertyMode(property);
  const now = clock.now().getTime();
  let position: EventPosition = FEED_START;
  if (query.after) {
    const cursor = decodeEventCursor(query.after);
    if (cursor.issuedAt < now - EVENT_RETENTION_DAYS * DAY_MS) {
      throw new DomainError("cursor_expired", `This cursor was handed out more than ${EVENT_RETENTION_DAYS} days ago; events after it may be gone.`);
    }
    position = cursor;
  }
  const rows = await db.$queryRaw<EventRow[]>`
    SELECT id, type, created_at, data, txid::text AS txid, sequence::text AS sequence
    FROM events
    WHERE property_id = ${propertyId}
      AND (txid, sequence) > (${position.txid}::xid8, ${position.sequence}::bigint)
      AND txid < pg_snapshot_xmin(pg_current_snapshot())
      AND (${query.type ?? null}::text IS NULL OR type = ${query.type ?? null}::text)
    ORDER BY txid, sequence
    LIMIT ${query.limit ?? DEFAULT_FEED_LIMIT}`;
  const last = rows.at(-1);
  return {
    data: rows.map((row) => ({ id: row.id, type: row.type, mode, createdAt: row.created_at.toISOString(), data: row.data }) as EventView),
    nextCursor: encodeEventCursor(last ? { txid: last.txid, sequence: last.sequence } : position, now),
  };
}
