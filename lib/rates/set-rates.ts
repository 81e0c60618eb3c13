import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { type CalendarDate, daysBetween, eachDate, isCalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { MAX_PRICE_MINOR } from "@/lib/money/currency";
import { describeWeekdays, type IsoWeekday, isIsoWeekday, isoWeekday } from "./weekdays";
import { roomTypeOfProperty } from "@/lib/room-types/room-type-of-property";
import { MAX_NIGHTS } from "@/lib/bookings/stay-rules";
import { ARI_CHANGES } from "@/lib/events/event-types";
import { markAri } from "@/lib/events/mark-ari";

/** The longest range one rates change may cover. */
export const MAX_RATES_RANGE_NIGHTS = 1_100;

export type SetRatesInput = {
  roomTypeId: string;
  /** First night, YYYY-MM-DD. */
  from: string;
  /** Last night, included. */
  to: string;
  /** Only these weekdays of the range (1 = Monday … 7 = Sunday); every night when not given. */
  weekdays?: IsoWeekday[];
  /** New price in minor units; unchanged when not given. */
  price?: number;
  /** New number of rooms for sale; unchanged when not given. Never set below rooms already sold. */
  rooms?: number;
  /** Close (true) or open (false) the nights; unchanged when not given. */
  closed?: boolean;
  /** Stay restrictions, each unchanged when not given: min stay (1 to 30) and max stay (1 to 30; null: none) of stays arriving on the night; no check-in, no check-out on its date. */
  minStay?: number;
  maxStay?: number | null;
  closedToArrival?: boolean;
  closedToDeparture?: boolean;
  /** Confines the change to this property's room types (the panel passes the open property): another's is "not found". */
  propertyId?: string;
  /** Who changes it: then an audit row is written in the same transaction (the panel and the CLI always give one). */
  actor?: Actor;
};

export type SetRatesResult = {
  roomTypeId: string;
  /** Nights changed or created. */
  nights: number;
  /** How many nights kept their rooms for sale at the rooms already sold (above the rooms asked for). */
  keptAboveSold: number;
  /** Those nights, in date order. */
  keptAboveSoldNights: CalendarDate[];
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
  if (input.weekdays !== undefined) {
    if (!input.weekdays.length || !input.weekdays.every(isIsoWeekday)) problems.push("weekdays must be one or more of 1 (Monday) to 7 (Sunday)");
    else if (!problems.length && !eachDate(input.from, input.to).some((date) => input.weekdays!.includes(isoWeekday(date)))) {
      problems.push(`no night from ${input.from} to ${input.to} falls on ${describeWeekdays(input.weekdays)}`);
    }
  }
  if (input.price !== undefined && (!Number.isInteger(input.price) || input.price < 0 || input.price > MAX_PRICE_MINOR)) {
    problems.push("price must be a whole number of minor units from 0 to 100,000,000");
  }
  if (input.rooms !== undefined && (!Number.isInteger(input.rooms) || input.rooms < 0 || input.rooms > 10_000)) {
    problems.push("rooms must be a whole number from 0 to 10,000");
  }
  for (const [name, value] of [["min stay", input.minStay], ["max stay", input.maxStay]] as const) {
    if (value !== undefined && value !== null && (!Number.isInteger(value) || value < 1 || value > MAX_NIGHTS)) {
      problems.push(`${name} must be a whole number of nights from 1 to ${MAX_NIGHTS}`);
    }
  }
  if (typeof input.minStay === "number" && typeof input.maxStay === "number" && input.maxStay < input.minStay) problems.push("max stay must not be below min stay");
  const restrictions = [input.minStay, input.maxStay, input.closedToArrival, input.closedToDeparture];
  if (input.price === undefined && input.rooms === undefined && input.closed === undefined && restrictions.every((value) => value === undefined)) {
    problems.push("nothing to change: give a price, rooms, closed/open or a stay restriction");
  }
  return problems;
}

/**
 * Sets price, rooms for sale, closed and the stay restrictions for every night from `from` to `to` (both included),
 * or only those on `weekdays`, creating nights that have no calendar row yet (at the room
 * type's base price and rooms). One statement, so it is atomic and safe beside concurrent
 * bookings: rooms for sale never drop below rooms sold (`keptAboveSoldNights` names the nights
 * where that held back the change). Any dates are accepted here; the panel and the CLI refuse
 * past nights first (refusePastNights). The nights' change is marked for ari.changed: price;
 * rooms and closed (a closed night has no room available) as availability; closed and the stay
 * restrictions as restrictions; all three where a night was created.
 */
export async function setRates(db: Db, input: SetRatesInput): Promise<SetRatesResult> {
  const problems = validateRatesInput(input);
  if (problems.length) throw new DomainError("invalid_argument", problems.join("; "));
  const weekdays = input.weekdays ? [...new Set(input.weekdays)].sort((a, b) => a - b) : null;
  const price = input.price ?? null;
  const rooms = input.rooms ?? null;
  const closed = input.closed ?? null;
  const minStay = input.minStay ?? null;
  const setMaxStay = input.maxStay !== undefined;
  const maxStay = input.maxStay ?? null;
  const closedToArrival = input.closedToArrival ?? null;
  const closedToDeparture = input.closedToDeparture ?? null;
  const restrictionsGiven = [closed, minStay, closedToArrival, closedToDeparture].some((value) => value !== null) || setMaxStay;
  return db.$transaction(async (tx) => {
    const roomType = await tx.roomType.findFirst({
      where: roomTypeOfProperty(input.roomTypeId, input.propertyId),
      include: { property: { select: { currency: true } } },
    });
    if (!roomType) throw new DomainError("not_found", `no room type with id "${input.roomTypeId}"`);
    const rows = await tx.$queryRaw<{ date: string; held_back: boolean; created: boolean }[]>`
      INSERT INTO room_nights AS n (room_type_id, date, rooms_for_sale, rooms_sold, price, closed, updated_at,
                                    min_stay, max_stay, closed_to_arrival, closed_to_departure)
      SELECT ${roomType.id}, d::date, COALESCE(${rooms}::int, ${roomType.rooms}::int), 0,
             COALESCE(${price}::int, ${roomType.basePrice}::int), COALESCE(${closed}::boolean, false), now(),
             COALESCE(${minStay}::int, 1), ${maxStay}::int, COALESCE(${closedToArrival}::boolean, false), COALESCE(${closedToDeparture}::boolean, false)
      FROM generate_series(${input.from}::date, ${input.to}::date, interval '1 day') AS d
      WHERE ${weekdays}::int[] IS NULL OR EXTRACT(ISODOW FROM d)::int = ANY(${weekdays}::int[])
      ON CONFLICT (room_type_id, date) DO UPDATE SET
        price = COALESCE(${price}::int, n.price),
        rooms_for_sale = GREATEST(COALESCE(${rooms}::int, n.rooms_for_sale), n.rooms_sold),
        closed = COALESCE(${closed}::boolean, n.closed),
        min_stay = COALESCE(${minStay}::int, n.min_stay),
        max_stay = CASE WHEN ${setMaxStay} THEN ${maxStay}::int ELSE n.max_stay END,
        closed_to_arrival = COALESCE(${closedToArrival}::boolean, n.closed_to_arrival),
        closed_to_departure = COALESCE(${closedToDeparture}::boolean, n.closed_to_departure),
        updated_at = now()
      RETURNING to_char(n.date, 'YYYY-MM-DD') AS date, (${rooms}::int IS NOT NULL AND n.rooms_for_sale > ${rooms}::int) AS held_back, n.xmax = 0 AS created`;
    const keptAboveSoldNights = rows.filter((r) => r.held_back).map((r) => r.date).sort();
    const dates = rows.map((r) => r.date).sort();
    await markAri(tx, {
      roomTypeId: roomType.id,
      from: dates[0]!,
      to: dates.at(-1)!,
      changed: rows.some((r) => r.created)
        ? ARI_CHANGES
        : ARI_CHANGES.filter((change) => ({ availability: rooms !== null || closed !== null, price: price !== null, restrictions: restrictionsGiven })[change]),
    });
    if (input.actor) {
      await recordAuditEvent(tx, {
        propertyId: roomType.propertyId,
        action: "rates_set",
        actor: input.actor,
        details: {
          roomTypeId: roomType.id,
          roomTypeName: roomType.name,
          from: input.from,
          to: input.to,
          weekdays,
          nights: rows.length,
          changes: {
            ...(price !== null ? { price: { amount: price, currency: roomType.property.currency } } : {}),
            ...(rooms !== null ? { rooms } : {}),
            ...(closed !== null ? { closed } : {}),
            ...(minStay !== null ? { minStay } : {}),
            ...(setMaxStay ? { maxStay } : {}),
            ...(closedToArrival !== null ? { closedToArrival } : {}),
            ...(closedToDeparture !== null ? { closedToDeparture } : {}),
          },
          keptAboveSoldNights,
        },
      });
    }
    return { roomTypeId: roomType.id, nights: rows.length, keptAboveSold: keptAboveSoldNights.length, keptAboveSoldNights };
  });
}
