import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Clock } from "@/lib/clock";
import { systemClock } from "@/lib/clock";
import { addDays, dateInTimeZone, type CalendarDate, toDbDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { ARI_CHANGES } from "@/lib/events/event-types";
import { markAri } from "@/lib/events/mark-ari";
import { newId } from "@/lib/ids";
import { CALENDAR_HORIZON_NIGHTS } from "./calendar-horizon";
import { roomTypeFieldProblems, type RoomTypeFields } from "./room-type-fields";

export type CreateRoomTypeInput = {
  propertyId: string;
  name: string;
  description?: string;
  maxAdults: number;
  /** Children it takes; 0 (none) when not given. */
  maxChildren?: number;
  /** Adults and children together; maxAdults when not given. */
  maxOccupancy?: number;
  /** Adults the night's rate covers; maxAdults when not given (every adult it takes). */
  adultsIncluded?: number;
  /** Minor units a night for each adult above adultsIncluded; 0 when not given. */
  extraAdult?: number;
  rooms: number;
  /** Nightly price in minor units of the property's currency. */
  basePrice: number;
  /** Price of each night of the opened calendar; the base price when not given. */
  priceForNight?: (date: CalendarDate, basePrice: number) => number;
  /** Who creates it: then an audit row is written in the same transaction (the panel and the CLI always give one). */
  actor?: Actor;
  clock?: Clock;
};

type RoomTypeFieldsInput = Omit<CreateRoomTypeInput, "propertyId" | "priceForNight" | "actor" | "clock">;

/**
 * A new room type's fields, the ones left out at their defaults: no children, max occupancy and
 * adults included at max adults (its rate covers every adult it takes), no extra adult price.
 */
export function newRoomTypeFields(input: RoomTypeFieldsInput): RoomTypeFields {
  return {
    name: input.name,
    description: input.description ?? "",
    maxAdults: input.maxAdults,
    maxChildren: input.maxChildren ?? 0,
    maxOccupancy: input.maxOccupancy ?? input.maxAdults,
    adultsIncluded: input.adultsIncluded ?? input.maxAdults,
    extraAdult: input.extraAdult ?? 0,
    rooms: input.rooms,
    basePrice: input.basePrice,
  };
}

export function validateRoomTypeInput(input: RoomTypeFieldsInput): string[] {
  return roomTypeFieldProblems(newRoomTypeFields(input)).map((problem) => problem.message);
}

/**
 * Creates a room type and opens its calendar: `rooms` rooms for sale every night from today
 * at the property for CALENDAR_HORIZON_NIGHTS nights (marked for ari.changed: a new calendar).
 */
export async function createRoomType(db: Db, input: CreateRoomTypeInput) {
  const fields = newRoomTypeFields(input);
  const problems = roomTypeFieldProblems(fields);
  if (problems.length) throw new DomainError("invalid_argument", problems.map((problem) => problem.message).join("; "), { errors: problems });
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
        ...fields,
        name: fields.name.trim(),
        description: fields.description.trim(),
      },
    });
    await tx.roomNight.createMany({ data: nights });
    await markAri(tx, { roomTypeId: id, from: today, to: addDays(today, CALENDAR_HORIZON_NIGHTS - 1), changed: ARI_CHANGES });
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
          maxChildren: roomType.maxChildren,
          maxOccupancy: roomType.maxOccupancy,
          adultsIncluded: roomType.adultsIncluded,
          extraAdult: { amount: roomType.extraAdult, currency: property.currency },
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
