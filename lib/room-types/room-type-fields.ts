import type { FieldError } from "@/lib/errors";
import { MAX_PRICE_MINOR } from "@/lib/money/currency";
import { freeTextProblem, nameProblems } from "@/lib/text/free-text";

/** What staff set on a room type (the admin CLI and the panel alike). */
export type RoomTypeFields = {
  name: string;
  description: string;
  maxAdults: number;
  /** Children it takes (0: none). */
  maxChildren: number;
  /** Adults and children together: at least maxAdults. */
  maxOccupancy: number;
  /** How many adults a night's rate covers: 1 to maxAdults. */
  adultsIncluded: number;
  /** Minor units a night for each adult above adultsIncluded. */
  extraAdult: number;
  /** Physical rooms: the rooms for sale of nights created later. */
  rooms: number;
  /** Minor units of the property's currency: the price of nights created later. */
  basePrice: number;
};

export type RoomTypeField = keyof RoomTypeFields;

export type RoomTypeFieldProblem = FieldError & { field: RoomTypeField };

export const MAX_ROOM_ADULTS = 20;
export const MAX_ROOM_CHILDREN = 20;
export const MAX_ROOM_OCCUPANCY = 40;

const isWhole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/**
 * The problems of the fields given (fields left out are not checked), each named by its field:
 * each field's own range, then how the occupancy fields stand to maxAdults when both are given
 * (roomOccupancyProblems).
 */
export function roomTypeFieldProblems(fields: Partial<RoomTypeFields>): RoomTypeFieldProblem[] {
  const problems: RoomTypeFieldProblem[] = [];
  if (fields.name !== undefined) problems.push(...nameProblems(fields.name).map((message) => ({ field: "name" as const, message })));
  if (fields.description !== undefined) {
    if (fields.description.length > 2_000) problems.push({ field: "description", message: "description must be at most 2,000 characters" });
    const descriptionProblem = freeTextProblem(fields.description, { multiline: true });
    if (descriptionProblem) problems.push({ field: "description", message: `description: ${descriptionProblem}` });
  }
  if (fields.maxAdults !== undefined && !isWhole(fields.maxAdults, 1, MAX_ROOM_ADULTS)) {
    problems.push({ field: "maxAdults", message: `max adults must be a whole number from 1 to ${MAX_ROOM_ADULTS}` });
  }
  if (fields.maxChildren !== undefined && !isWhole(fields.maxChildren, 0, MAX_ROOM_CHILDREN)) {
    problems.push({ field: "maxChildren", message: `max children must be a whole number from 0 to ${MAX_ROOM_CHILDREN}` });
  }
  if (fields.maxOccupancy !== undefined && !isWhole(fields.maxOccupancy, 1, MAX_ROOM_OCCUPANCY)) {
    problems.push({ field: "maxOccupancy", message: `max occupancy must be a whole number from 1 to ${MAX_ROOM_OCCUPANCY}` });
  }
  if (fields.adultsIncluded !== undefined && !isWhole(fields.adultsIncluded, 1, MAX_ROOM_ADULTS)) {
    problems.push({ field: "adultsIncluded", message: `adults included must be a whole number from 1 to ${MAX_ROOM_ADULTS}` });
  }
  if (fields.extraAdult !== undefined && !isWhole(fields.extraAdult, 0, MAX_PRICE_MINOR)) {
    problems.push({ field: "extraAdult", message: "extra adult price must be a whole number of minor units from 0 to 100,000,000" });
  }
  if (fields.rooms !== undefined && !isWhole(fields.rooms, 0, 10_000)) {
    problems.push({ field: "rooms", message: "rooms must be a whole number from 0 to 10,000" });
  }
  if (fields.basePrice !== undefined && !isWhole(fields.basePrice, 0, MAX_PRICE_MINOR)) {
    problems.push({ field: "basePrice", message: "price must be a whole number of minor units from 0 to 100,000,000" });
  }
  // The fields' relations, once each side is a good value on its own (else its own problem says it).
  const wrong = new Set(problems.map((problem) => problem.field));
  const good = Object.fromEntries(Object.entries(fields).filter(([field, value]) => value !== undefined && !wrong.has(field as RoomTypeField))) as Partial<RoomTypeFields>;
  return [...problems, ...roomOccupancyProblems(good)];
}

/**
 * How a room type's occupancy stands to its max adults (the CHECKs on room_types say the same):
 * max occupancy at least max adults, adults included at most max adults. Each rule is checked
 * when both of its fields are given.
 */
export function roomOccupancyProblems(fields: Partial<Pick<RoomTypeFields, "maxAdults" | "maxOccupancy" | "adultsIncluded">>): RoomTypeFieldProblem[] {
  const { maxAdults, maxOccupancy, adultsIncluded } = fields;
  const problems: RoomTypeFieldProblem[] = [];
  if (maxAdults !== undefined && maxOccupancy !== undefined && maxOccupancy < maxAdults) {
    problems.push({ field: "maxOccupancy", message: `max occupancy (${maxOccupancy}) must be at least max adults (${maxAdults}): it counts adults and children together` });
  }
  if (maxAdults !== undefined && adultsIncluded !== undefined && adultsIncluded > maxAdults) {
    problems.push({ field: "adultsIncluded", message: `adults included (${adultsIncluded}) must be at most max adults (${maxAdults})` });
  }
  return problems;
}
