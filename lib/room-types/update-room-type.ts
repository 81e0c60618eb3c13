import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError, type FieldError } from "@/lib/errors";
import type { Prisma, RoomType } from "@/lib/generated/prisma/client";
import { type RoomTypeField, type RoomTypeFieldProblem, roomOccupancyProblems, roomTypeFieldProblems, type RoomTypeFields } from "./room-type-fields";

export type UpdateRoomTypeInput = Partial<RoomTypeFields> & {
  id: string;
  /** Confines the change to this property's room types (the panel passes the open property): another's is "not found". */
  propertyId?: string;
  actor: Actor;
};

const FIELDS = [
  "name",
  "description",
  "maxAdults",
  "maxChildren",
  "maxOccupancy",
  "adultsIncluded",
  "extraAdult",
  "rooms",
  "basePrice",
] as const satisfies readonly RoomTypeField[];

/** The fields that are money: the audit log records them as { amount, currency }. */
const MONEY_FIELDS: readonly RoomTypeField[] = ["basePrice", "extraAdult"];

/** The fields that follow max adults when it changes (followMaxAdults). */
const FOLLOWERS = ["maxOccupancy", "adultsIncluded"] as const satisfies readonly RoomTypeField[];

/** The problems of an update: its fields' (by field), or nothing to change. */
export function validateRoomTypeUpdate(input: Partial<RoomTypeFields>): FieldError[] {
  if (FIELDS.every((field) => input[field] === undefined)) {
    return [{ field: "body", message: "nothing to change: give a name, description, max adults, max children, max occupancy, adults included, extra adult price, price or rooms" }];
  }
  return roomTypeFieldProblems(input);
}

/**
 * The follow rule: when max adults changes, max occupancy and adults included, when not given,
 * each take the new max adults if they equalled the old one (a room type that took only adults,
 * or whose rate covered every adult, goes on doing so). Given, or different from the old max
 * adults, they keep their value and must still agree with the new max adults.
 */
export function followMaxAdults(before: Pick<RoomTypeFields, "maxAdults" | (typeof FOLLOWERS)[number]>, wanted: Partial<RoomTypeFields>): Partial<RoomTypeFields> {
  if (wanted.maxAdults === undefined || wanted.maxAdults === before.maxAdults) return wanted;
  const followed = { ...wanted };
  for (const field of FOLLOWERS) if (followed[field] === undefined && before[field] === before.maxAdults) followed[field] = wanted.maxAdults;
  return followed;
}

/**
 * Changes a room type's fields (name, description, max adults, max children, max occupancy,
 * adults included, extra adult price, base price, rooms), and records what changed (before and
 * after) in the audit log in the same transaction. When max adults changes, max occupancy and
 * adults included follow it under the follow rule (followMaxAdults); the room type as it would
 * then be must keep max occupancy ≥ max adults ≥ adults included, else the change is refused with
 * the field at fault (`details.errors`), nothing written. The base price and rooms are what nights
 * created later start with: nights already in the calendar keep their own (change those with
 * setRates). Values equal to the stored ones are no change; with none, nothing is written.
 */
export async function updateRoomType(db: Db, input: UpdateRoomTypeInput): Promise<{ roomType: RoomType; changed: RoomTypeField[] }> {
  const problems = validateRoomTypeUpdate(input);
  if (problems.length) throw new DomainError("invalid_argument", problems.map((p) => p.message).join("; "), { errors: problems });
  const given: Partial<RoomTypeFields> = {
    ...Object.fromEntries(FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]])),
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.description !== undefined ? { description: input.description.trim() } : {}),
  };
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM room_types WHERE id = ${input.id} FOR UPDATE`;
    const before = locked && (await tx.roomType.findUnique({ where: { id: locked.id }, include: { property: { select: { currency: true } } } }));
    if (!before || (input.propertyId !== undefined && before.propertyId !== input.propertyId)) {
      throw new DomainError("not_found", `no room type with id "${input.id}"`);
    }
    const wanted = followMaxAdults(before, given);
    const conflicts: RoomTypeFieldProblem[] = roomOccupancyProblems({ ...pickOccupancy(before), ...wanted });
    if (conflicts.length) throw new DomainError("invalid_argument", conflicts.map((p) => p.message).join("; "), { errors: conflicts });
    const changed = FIELDS.filter((field) => wanted[field] !== undefined && wanted[field] !== before[field]);
    if (!changed.length) return { roomType: before, changed };
    const data = Object.fromEntries(changed.map((field) => [field, wanted[field]]));
    const roomType = await tx.roomType.update({ where: { id: before.id }, data });
    const recorded = (field: RoomTypeField, value: string | number) => (MONEY_FIELDS.includes(field) ? { amount: value, currency: before.property.currency } : value);
    const changes: Prisma.InputJsonObject = Object.fromEntries(changed.map((field) => [field, { from: recorded(field, before[field]), to: recorded(field, roomType[field]) }]));
    await recordAuditEvent(tx, {
      propertyId: before.propertyId,
      action: "room_type_updated",
      actor: input.actor,
      details: { roomTypeId: roomType.id, roomTypeName: roomType.name, changes },
    });
    return { roomType, changed };
  });
}

function pickOccupancy({ maxAdults, maxOccupancy, adultsIncluded }: Pick<RoomTypeFields, "maxAdults" | "maxOccupancy" | "adultsIncluded">) {
  return { maxAdults, maxOccupancy, adultsIncluded };
}
