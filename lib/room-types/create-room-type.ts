import type { Clock } from "@/lib/clock";
import { systemClock } from "@/lib/clock";
import { addDays, dateInTimeZone, type CalendarDate, toDbDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { CALENDAR_HORIZON_NIGHTS } from "@/lib/rates/calendar-horizon";
import { freeTextProblem } from "@/lib/text/free-text";

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
  clock?: Clock;
};

export function validateRoomTypeInput(input: Pick<CreateRoomTypeInput, "name" | "maxAdults" | "rooms" | "basePrice" | "description">): string[] {
  const problems: string[] = [];
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) problems.push("name must be 1 to 100 characters");
  const nameProblem = freeTextProblem(name);
  if (nameProblem) problems.push(`name: ${nameProblem}`);
  if ((input.description ?? "").length > 2_000) problems.push("description must be at most 2,000 characters");
  const descriptionProblem = freeTextProblem(input.description ?? "", { multiline: true });
  if (descriptionProblem) problems.push(`description: ${descriptionProblem}`);
  if (!Number.isInteger(input.maxAdults) || input.maxAdults < 1 || input.maxAdults > 20) problems.push("max adults must be a whole number from 1 to 20");
  if (!Number.isInteger(input.rooms) || input.rooms < 0 || input.rooms > 10_000) problems.push("rooms must be a whole number from 0 to 10,000");
  if (!Number.isInteger(input.basePrice) || input.basePrice < 0 || input.basePrice > 100_000_000) problems.push("price must be a whole number of minor units from 0 to 100,000,000");
  return problems;
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
        rooms: input.rooms,
        basePrice: input.basePrice,
      },
    });
    await tx.roomNight.createMany({ data: nights });
    return roomType;
  });
}
