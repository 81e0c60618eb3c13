import { madeByLabel } from "@/lib/bookings/booking-channel";
import type { Db } from "@/lib/db";
import type { Money } from "@/lib/money/currency";
import type { BookingSource } from "@/lib/schemas/bookings";

/** What one channel brought: an API key label, or one staff member at the desk ("Desk · Maria Silva"; "Desk" when nobody is recorded). */
export type ChannelBookings = { source: BookingSource; label: string; bookings: number; value: Money };

/**
 * Confirmed bookings of the property made from `since` to `until`, counted and summed (their
 * totals) by channel, most valuable first: through the API by the label of the key that made
 * them (keys of one label, e.g. a rotated key, count as one), at the desk by the staff member
 * who made them.
 */
export async function readRecentBookingsByChannel(
  db: Db,
  property: { id: string; currency: string },
  since: Date,
  until: Date,
): Promise<ChannelBookings[]> {
  const rows = await db.$queryRaw<
    { source: BookingSource; key_label: string | null; staff_name: string | null; staff_email: string | null; bookings: number; value: bigint }[]
  >`
    SELECT b.source, k.label AS key_label, s.name AS staff_name, s.email AS staff_email, count(*)::int AS bookings, sum(b.total_amount)::bigint AS value
    FROM bookings b
    LEFT JOIN api_keys k ON k.id = b.api_key_id AND k.property_id = b.property_id
    LEFT JOIN staff_users s ON s.id = b.staff_user_id
    WHERE b.property_id = ${property.id} AND b.status = 'confirmed'
      AND b.created_at >= ${since} AND b.created_at <= ${until}
    GROUP BY b.source, k.label, s.id
    ORDER BY value DESC, b.source, k.label NULLS LAST, s.email NULLS LAST`;
  return rows.map((row) => ({
    source: row.source,
    label: madeByLabel({
      source: row.source,
      apiKeyName: row.key_label,
      staffUser: row.staff_email === null ? null : { name: row.staff_name ?? "", email: row.staff_email },
    }),
    bookings: row.bookings,
    value: { amount: Number(row.value), currency: property.currency },
  }));
}
