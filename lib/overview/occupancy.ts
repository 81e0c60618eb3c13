import { addDays, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";

export type OccupancyNight = {
  date: CalendarDate;
  roomsSold: number;
  roomsForSale: number;
  /** roomsSold ÷ roomsForSale (0 … 1); null when nothing is for sale that night. */
  occupancy: number | null;
};

/**
 * Occupancy of each night from `from` for `nights` nights: rooms sold ÷ rooms for sale over
 * every room type of the property, summed by the database. A closed night keeps its rooms
 * for sale in the count (closing stops sales; it does not take rooms away); a night with no
 * calendar row counts nothing.
 */
export async function readOccupancy(db: Db, propertyId: string, from: CalendarDate, nights: number): Promise<OccupancyNight[]> {
  const to = addDays(from, nights - 1);
  const rows = await db.$queryRaw<{ date: string; sold: number; for_sale: number }[]>`
    SELECT to_char(d.date, 'YYYY-MM-DD') AS date,
           coalesce(sum(rn.rooms_sold), 0)::int AS sold,
           coalesce(sum(rn.rooms_for_sale), 0)::int AS for_sale
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(date)
    LEFT JOIN (room_nights rn JOIN room_types rt ON rt.id = rn.room_type_id AND rt.property_id = ${propertyId})
      ON rn.date = d.date::date
    GROUP BY d.date
    ORDER BY d.date`;
  return rows.map((row) => ({
    date: row.date,
    roomsSold: row.sold,
    roomsForSale: row.for_sale,
    occupancy: row.for_sale > 0 ? row.sold / row.for_sale : null,
  }));
}

/** "73%", or "—" when nothing is for sale. */
export function formatOccupancy(occupancy: number | null): string {
  return occupancy === null ? "—" : `${Math.round(occupancy * 100)}%`;
}
