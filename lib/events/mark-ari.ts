import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AriChange } from "./event-types";

/** A room type's nights whose availability, prices or restrictions a write changed (first to last night, included). */
export type AriMark = { roomTypeId: string; from: CalendarDate; to: CalendarDate; changed: readonly AriChange[] };

/**
 * Marks, in the writing transaction, that a room type's ARI changed on a range of nights: the
 * worker turns the property's marks into coalesced ari.changed events (lib/jobs/raise-ari-events.ts).
 * mark_ari (lib/bookings/sql/mark_ari.sql) says how; every booking marks through move_nights,
 * and the writes made in TypeScript (rates, rate plans, new room types) call this.
 */
export async function markAri(tx: Prisma.TransactionClient, mark: AriMark): Promise<void> {
  await tx.$executeRaw`SELECT mark_ari(${mark.roomTypeId}, ${mark.from}::date, ${mark.to}::date, ${[...mark.changed]}::text[])`;
}
