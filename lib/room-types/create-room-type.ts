import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Clock } from "@/lib/clock";
import { systemClock } from "@/lib/clock";
import { addDays, dateInTimeZone, type CalendarDate, toDbDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { CALENDAR_HORIZON_NIGHTS } from "./calendar-horizon";
import { roomTypeFieldProblems } from "./room-type-fields";

export type CreateRoomTypeInput = {
  propertyId: string;
  name: string;
  description?: string;
  maxAdults: number;
  rooms: number;
  /** Nightly price in minor units of the property's currency. */
  basePrice: number;
  /** Price of each night of the opened calendar; the base price when not given. */
  priceForNight?: (date: CalendarDate, basePrice: number) => number;
  /** Who creates it: then an audit row is written in the same transaction (the panel and the CLI always give one). */
  actor?: Actor;
  clock?: Clock;
};

export function validateRoomTypeInput(input: Pick<CreateRoomTypeInput, "name" | "maxAdults" | "rooms" | "basePrice" | "description">): string[] {
  return roomTypeFieldProblems({ ...input, description: input.description ?? "" }).map((problem) => problem.message);
}

/**
 * Creates a room type and opens its calendar: `rooms` rooms for sale every night from today
 * at the property for CALENDAR_HORIZON_NIGHTS nights.
 */
export async function createRoomType(db: Db, input: CreateRoomTypeInput) {
  const problems = validateRoomTypeInput(input);
  if (problems.length) throw new DomainError("invalid_argument", problems.join("; "));
  const property = await db.property.findUnique({ where: { id: input.propertyId } });
  if (!property) throw new DomainError("not_found", `no property with id "${input.propertyId}"`);
  const today = dateInTimeZone((input.clock ?? systemClock).now(), property.timezone);
  const id = newId("rt");
  const nights = Array.from({ length: CALENDAR_HORIZON_NIGHTS }, (_, i) => {
    const date = addDays(today, i);
    const price = input.priceForNight ? input.priceForNight(date, input.basePrice) : input.basePrice;
    return { roomTypeId: id, date: toDbDate(date), roomsForSale: input.rooms, price };
  });
  return db.$transaction(async (tx) => {
    const roomType = await tx.roomType.create({
      data: {
        id,
        propertyId: property.id,
        name: input.name.trim(),
        description: (input.description ?? "").trim(),
        maxAdults: input.maxAdults,
        maxOccupancy: input.maxAdults,
        adultsIncluded: input.maxAdults,
        rooms: input.rooms,
        basePrice: input.basePrice,
      },
    });
    await tx.roomNight.createMany({ data: nights });
    if (input.actor) {
      await recordAuditEvent(tx, {
        propertyId: property.id,
        action: "room_type_created",
        actor: input.actor,
        details: {
          roomTypeId: roomType.id,
          roomTypeName: roomType.name,
          description: roomType.description,
          maxAdults: roomType.maxAdults,
          rooms: roomType.rooms,
          basePrice: { amount: roomType.basePrice, currency: property.currency },
          from: today,
          to: addDays(today, CALENDAR_HORIZON_NIGHTS - 1),
        },
      });
    }
    return roomType;
  });
}
