import { daysBetween, isCalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { MAX_RATES_RANGE_NIGHTS } from "./calendar-horizon";

export type SetRatesInput = {
  roomTypeId: string;
  /** First night, YYYY-MM-DD. */
  from: string;
  /** Last night, included. */
  to: string;
  /** New price in minor units; unchanged when not given. */
  price?: number;
  /** New number of rooms for sale; unchanged when not given. Never set below rooms already sold. */
  rooms?: number;
  /** Close (true) or open (false) the nights; unchanged when not given. */
  closed?: boolean;
};

export function validateRatesInput(input: SetRatesInput): string[] {
  const problems: string[] = [];
  if (!isCalendarDate(input.from)) problems.push(`from "${input.from}" is not a date (YYYY-MM-DD)`);
  if (!isCalendarDate(input.to)) problems.push(`to "${input.to}" is not a date (YYYY-MM-DD)`);
  if (!problems.length) {
    const nights = daysBetween(input.from, input.to) + 1;
    if (nights < 1) problems.push("to must not be before from");
    else if (nights > MAX_RATES_RANGE_NIGHTS) problems.push(`at most ${MAX_RATES_RANGE_NIGHTS} nights at a time`);
  }
  if (input.price !== undefined && (!Number.isInteger(input.price) || input.price < 0 || input.price > 100_000_000)) {
    problems.push("price must be a whole number of minor units from 0 to 100,000,000");
  }
  if (input.rooms !== undefined && (!Number.isInteger(input.rooms) || input.rooms < 0 || input.rooms > 10_000)) {
    problems.push("rooms must be a whole number from 0 to 10,000");
  }
  if (input.price === undefined && input.rooms === undefined && input.closed === undefined) {
    problems.push("nothing to change: give a price, rooms, or closed/open");
  }
  return problems;
}

/**
 * Sets price, rooms for sale and closed for every night from `from` to `to` (both
 * included), creating nights that have no calendar row yet (at the room type's base price
 * and rooms). One statement, so it is atomic and safe beside concurrent bookings: rooms for
 * sale never drop below rooms sold (`keptAboveSold` counts the nights where that held back
 * the change).
 */
export async function setRates(db: Db, input: SetRatesInput) {
  const problems = validateRatesInput(input);
  if (problems.length) throw new DomainError("invalid_argument", problems.join("; "));
  const roomType = await db.roomType.findUnique({ where: { id: input.roomTypeId } });
  if (!roomType) throw new DomainError("not_found", `no room type with id "${input.roomTypeId}"`);
  const price = input.price ?? null;
  const rooms = input.rooms ?? null;
  const closed = input.closed ?? null;
  const rows = await db.$queryRaw<{ held_back: boolean }[]>`
    INSERT INTO room_nights AS n (room_type_id, date, rooms_for_sale, rooms_sold, price, closed, updated_at)
    SELECT ${roomType.id}, d::date, COALESCE(${rooms}::int, ${roomType.rooms}::int), 0,
           COALESCE(${price}::int, ${roomType.basePrice}::int), COALESCE(${closed}::boolean, false), now()
    FROM generate_series(${input.from}::date, ${input.to}::date, interval '1 day') AS d
    ON CONFLICT (room_type_id, date) DO UPDATE SET
      price = COALESCE(${price}::int, n.price),
      rooms_for_sale = GREATEST(COALESCE(${rooms}::int, n.rooms_for_sale), n.rooms_sold),
      closed = COALESCE(${closed}::boolean, n.closed),
      updated_at = now()
    RETURNING (${rooms}::int IS NOT NULL AND n.rooms_for_sale > ${rooms}::int) AS held_back`;
  return { roomTypeId: roomType.id, nights: rows.length, keptAboveSold: rows.filter((r) => r.held_back).length };
}
