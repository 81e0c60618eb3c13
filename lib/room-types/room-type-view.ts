import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { RoomType } from "@/lib/generated/prisma/client";
import type { RoomTypeView } from "@/lib/schemas/room-types";

export function toRoomTypeView(roomType: RoomType, currency: string): RoomTypeView {
  return {
    id: roomType.id,
    name: roomType.name,
    description: roomType.description,
    maxAdults: roomType.maxAdults,
    maxChildren: roomType.maxChildren,
    maxOccupancy: roomType.maxOccupancy,
    adultsIncluded: roomType.adultsIncluded,
    extraAdult: { amount: roomType.extraAdult, currency },
    basePrice: { amount: roomType.basePrice, currency },
  };
}

export async function getRoomType(db: Db, property: { id: string; currency: string }, id: string): Promise<RoomTypeView> {
  const roomType = await db.roomType.findFirst({ where: { id, propertyId: property.id } });
  if (!roomType) throw new DomainError("not_found", `No room type "${id}" at this property.`);
  return toRoomTypeView(roomType, property.currency);
}
