import type { Db } from "@/lib/db";

/** A property's room types, cheapest base price first. */
export async function listRoomTypes(db: Db, propertyId: string) {
  return db.roomType.findMany({ where: { propertyId }, orderBy: [{ basePrice: "asc" }, { name: "asc" }, { id: "asc" }] });
}
