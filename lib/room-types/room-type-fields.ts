import type { FieldError } from "@/lib/errors";
import { MAX_PRICE_MINOR } from "@/lib/money/currency";
import { freeTextProblem, nameProblems } from "@/lib/text/free-text";

/** What staff set on a room type (the admin CLI and the panel alike). */
export type RoomTypeFields = {
  name: string;
  description: string;
  maxAdults: number;
  /** Physical rooms: the rooms for sale of nights created later. */
  rooms: number;
  /** Minor units of the property's currency: the price of nights created later. */
  basePrice: number;
};

export type RoomTypeField = keyof RoomTypeFields;

/** The problems of the fields given (fields left out are not checked), each named by its field. */
export function roomTypeFieldProblems(fields: Partial<RoomTypeFields>): (FieldError & { field: RoomTypeField })[] {
  const problems: (FieldError & { field: RoomTypeField })[] = [];
  if (fields.name !== undefined) problems.push(...nameProblems(fields.name).map((message) => ({ field: "name" as const, message })));
  if (fields.description !== undefined) {
    if (fields.description.length > 2_000) problems.push({ field: "description", message: "description must be at most 2,000 characters" });
    const descriptionProblem = freeTextProblem(fields.description, { multiline: true });
    if (descriptionProblem) problems.push({ field: "description", message: `description: ${descriptionProblem}` });
  }
  if (fields.maxAdults !== undefined && (!Number.isInteger(fields.maxAdults) || fields.maxAdults < 1 || fields.maxAdults > 20)) {
    problems.push({ field: "maxAdults", message: "max adults must be a whole number from 1 to 20" });
  }
  if (fields.rooms !== undefined && (!Number.isInteger(fields.rooms) || fields.rooms < 0 || fields.rooms > 10_000)) {
    problems.push({ field: "rooms", message: "rooms must be a whole number from 0 to 10,000" });
  }
  if (fields.basePrice !== undefined && (!Number.isInteger(fields.basePrice) || fields.basePrice < 0 || fields.basePrice > MAX_PRICE_MINOR)) {
    problems.push({ field: "basePrice", message: "price must be a whole number of minor units from 0 to 100,000,000" });
  }
  return problems;
}
