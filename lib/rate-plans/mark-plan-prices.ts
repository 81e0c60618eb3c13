import type { Prisma } from "@/lib/generated/prisma/client";
import { markAri } from "@/lib/events/mark-ari";

/**
 * A plan created, repriced, moved to other room types or deactivated changes the price partners
 * read (GET /rates' plans) on every night it is sold: marked for ari.changed, for each room type
 * (`roomTypeIds`; empty: all of the property's), from today at the property (its test clock's
 * today, for a test twin) to the room type's last night in the calendar.
 */
export async function markPlanPrices(tx: Prisma.TransactionClient, propertyId: string, roomTypeIds: string[]): Promise<void> {
  const ranges = await tx.$queryRaw<{ room_type_id: string; first: string; last: string }[]>`
    SELECT n.room_type_id, to_char(min(n.date), 'YYYY-MM-DD') AS first, to_char(max(n.date), 'YYYY-MM-DD') AS last
    FROM properties p
    JOIN room_types t ON t.property_id = p.id
    JOIN room_nights n ON n.room_type_id = t.id
    WHERE p.id = ${propertyId}
      AND (cardinality(${roomTypeIds}::text[]) = 0 OR t.id = ANY(${roomTypeIds}::text[]))
      AND n.date >= coalesce(p.test_today, (now() AT TIME ZONE p.timezone)::date)
    GROUP BY n.room_type_id
    ORDER BY n.room_type_id`;
  for (const range of ranges) await markAri(tx, { roomTypeId: range.room_type_id, from: range.first, to: range.last, changed: ["price"] });
}
