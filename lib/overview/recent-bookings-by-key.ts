import type { Db } from "@/lib/db";
import type { Money } from "@/lib/money/currency";

/** What one API key label brought: null label for bookings made without a key ("Made elsewhere"). */
export type KeyBookings = { label: string | null; bookings: number; value: Money };

/**
 * Confirmed bookings of the property made from `since` to `until`, counted and summed (their
 * totals) by the label of the key that made them, most valuable first; bookings made without a
 * key (the panel, the admin CLI, a key since deleted) together under a null label. Keys of one
 * label (a rotated key keeps its label) count as one.
 */
export async function readRecentBookingsByKey(
  db: Db,
  property: { id: string; currency: string },
  since: Date,
  until: Date,
): Promise<KeyBookings[]> {
  const rows = await db.$queryRaw<{ label: string | null; bookings: number; value: bigint }[]>`
    SELECT k.label, count(*)::int AS bookings, sum(b.total_amount)::bigint AS value
    FROM bookings b
    LEFT JOIN api_keys k ON k.id = b.api_key_id AND k.property_id = b.property_id
    WHERE b.property_id = ${property.id} AND b.status = 'confirmed'
      AND b.created_at >= ${since} AND b.created_at <= ${until}
    GROUP BY k.label
    ORDER BY value DESC, k.label NULLS LAST`;
  return rows.map((row) => ({ label: row.label, bookings: row.bookings, value: { amount: Number(row.value), currency: property.currency } }));
}
