import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { ARI_CHANGES, type AriChange } from "./event-types";
import type { StoredEvent } from "./stored-event";

type TakenRange = { room_type_id: string; first: CalendarDate; last: CalendarDate; changed: AriChange[] };

/**
 * Turns a property's ARI marks into ari.changed events, one per room type: its range is the
 * smallest that covers the room type's marks, its `changed` what they changed together. First it
 * takes the property's ARI lock exclusively (mark_ari holds it shared until the marking
 * transaction ends), so every mark written before is committed and read here, and marks written
 * after wait a moment and start the property's next round. The marks and the property's
 * schedule are deleted in the same transaction as the events are written: a mark becomes an event
 * exactly once, or stays (with its schedule) for the next run when this one fails. A round that
 * raises events moves the property's ARI version on and records the ranges it announced, in
 * the same transaction: GET /rates' copies of those nights (lib/rates/rates-night-cache.ts) are
 * not served after its events.
 */
export async function takeAriMarks(tx: Prisma.TransactionClient, propertyId: string): Promise<StoredEvent[]> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`ari:${propertyId}`}, 0))`;
  await tx.$executeRaw`DELETE FROM ari_schedules WHERE property_id = ${propertyId}`;
  const ranges = await tx.$queryRaw<TakenRange[]>`
    WITH taken AS (DELETE FROM ari_marks WHERE property_id = ${propertyId} RETURNING room_type_id, first_night, last_night, changed)
    SELECT room_type_id, to_char(min(first_night), 'YYYY-MM-DD') AS first, to_char(max(last_night), 'YYYY-MM-DD') AS last,
           array_agg(DISTINCT change) AS changed
    FROM taken, unnest(changed) AS change
    GROUP BY room_type_id
    ORDER BY room_type_id`;
  // A deleted property's marks (ari_marks has no foreign key: one check less for every booking) go with it.
  const property = ranges.length ? await tx.property.findUnique({ where: { id: propertyId }, select: { livePropertyId: true } }) : null;
  if (!property) return [];
  const createdAt = new Date();
  const events = ranges.map((range): StoredEvent => ({
    id: newId("evt"),
    type: "ari.changed",
    mode: propertyMode(property),
    createdAt: createdAt.toISOString(),
    data: { roomTypeId: range.room_type_id, from: range.first, to: range.last, changed: ARI_CHANGES.filter((change) => range.changed.includes(change)) },
    propertyId,
    actorApiKeyId: null,
    actorStaffUserId: null,
  }));
  // The round moves the property's version on and records what it announced (ari_rounds, kept an
  // hour): GET /rates' copies of nights drop these ranges when they see the new version.
  await tx.$executeRaw`
    WITH counted AS (
      INSERT INTO ari_versions (property_id, version) VALUES (${propertyId}, 1)
      ON CONFLICT (property_id) DO UPDATE SET version = ari_versions.version + 1
      RETURNING version
    )
    INSERT INTO ari_rounds (property_id, version, room_type_id, first_night, last_night)
    SELECT ${propertyId}, counted.version, r.room_type_id, r.first, r.last
    FROM counted, unnest(${ranges.map((r) => r.room_type_id)}::text[], ${ranges.map((r) => r.first)}::date[], ${ranges.map((r) => r.last)}::date[]) AS r(room_type_id, first, last)`;
  await tx.$executeRaw`DELETE FROM ari_rounds WHERE property_id = ${propertyId} AND raised_at < now() - interval '1 hour'`;
  await tx.event.createMany({ data: events.map((event) => ({ id: event.id, propertyId, type: event.type, data: event.data, createdAt })) });
  return events;
}
