import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError, type FieldError } from "@/lib/errors";
import type { Prisma, RoomType } from "@/lib/generated/prisma/client";
import { type RoomTypeField, roomTypeFieldProblems, type RoomTypeFields } from "./room-type-fields";

export type UpdateRoomTypeInput = Partial<RoomTypeFields> & {
  id: string;
  /** Confines the change to this property's room types (the panel passes the open property): another's is "not found". */
  propertyId?: string;
  actor: Actor;
};

const FIELDS = ["name", "description", "maxAdults", "rooms", "basePrice"] as const satisfies readonly RoomTypeField[];

/** The problems of an update: its fields' (by field), or nothing to change. */
export function validateRoomTypeUpdate(input: Partial<RoomTypeFields>): FieldError[] {
  if (FIELDS.every((field) => input[field] === undefined)) return [{ field: "body", message: "nothing to change: give a name, description, max adults, price or rooms" }];
  return roomTypeFieldProblems(input);
}

/**
 * Changes a room type's name, description, max adults, base price and rooms, and records what
 * changed (before and after) in the audit log in the same transaction. The base price and
 * rooms are what nights created later start with: nights already in the calendar keep their
 * own (change those with setRates). Values equal to the stored ones are no change; with none,
 * nothing is written.
 */
export async function updateRoomType(db: Db, input: UpdateRoomTypeInput): Promise<{ roomType: RoomType; changed: RoomTypeField[] }> {
  const problems = validateRoomTypeUpdate(input);
  if (problems.length) throw new DomainError("invalid_argument", problems.map((p) => p.message).join("; "));
  const wanted: Partial<RoomTypeFields> = {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.description !== undefined ? { description: input.description.trim() } : {}),
    ...(input.maxAdults !== undefined ? { maxAdults: input.maxAdults } : {}),
    ...(input.rooms !== undefined ? { rooms: input.rooms } : {}),
    ...(input.basePrice !== undefined ? { basePrice: input.basePrice } : {}),
  };
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM room_types WHERE id = ${input.id} FOR UPDATE`;
    const before = locked && (await tx.roomType.findUnique({ where: { id: locked.id }, include: { property: { select: { currency: true } } } }));
    if (!before || (input.propertyId !== undefined && before.propertyId !== input.propertyId)) {
      throw new DomainError("not_found", `no room type with id "${input.id}"`);
    }
    const changed = FIELDS.filter((field) => wanted[field] !== undefined && wanted[field] !== before[field]);
    if (!changed.length) return { roomType: before, changed };
    const data = Object.fromEntries(changed.map((field) => [field, wanted[field]]));
    const roomType = await tx.roomType.update({ where: { id: before.id }, data });
    const money = (amount: number) => ({ amount, currency: before.property.currency });
    const changes: Prisma.InputJsonObject = Object.fromEntries(
      changed.map((field) => [field, field === "basePrice" ? { from: money(before.basePrice), to: money(roomType.basePrice) } : { from: before[field], to: roomType[field] }]),
    );
    await recordAuditEvent(tx, {
      propertyId: before.propertyId,
      action: "room_type_updated",
      actor: input.actor,
      details: { roomTypeId: roomType.id, roomTypeName: roomType.name, changes },
    });
    return { roomType, changed };
  });
}
