import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import type { Money } from "@/lib/money/currency";

/**
 * Revenue on the books: the nightly prices (as fixed when each booking was made) of the
 * property's confirmed bookings for the nights from `from` to `to`, both included. A stay that
 * began earlier or ends later counts only its nights in the range.
 */
export async function readRevenueOnTheBooks(db: Db, property: { id: string; currency: string }, from: CalendarDate, to: CalendarDate): Promise<Money> {
  const [row] = await db.$queryRaw<{ amount: bigint }[]>`
    SELECT coalesce(sum((night->>'amount')::bigint), 0)::bigint AS amount
    FROM bookings b
    CROSS JOIN LATERAL jsonb_array_elements(b.nightly_prices) AS night
    WHERE b.property_id = ${property.id} AND b.status = 'confirmed'
      AND b.checkin <= ${to}::date AND b.checkout > ${from}::date
      AND (night->>'date')::date BETWEEN ${from}::date AND ${to}::date`;
  return { amount: Number(row?.amount ?? 0), currency: property.currency };
}
