import type { Db } from "@/lib/db";

/** A property's room types, cheapest base price first. */
export async function listRoomTypes(db: Db, propertyId: string) {
  return db.roomType.findMany({ where: { propertyId }, orderBy: [{ basePrice: "asc" }, { name: "asc" }, { id: "asc" }] });
}

/** Each room type's name by its id (for lists that show bookings). */
export async function roomTypeNames(db: Db, propertyId: string): Promise<Map<string, string>> {
  const rows = await db.roomType.findMany({ where: { propertyId }, select: { id: true, name: true } });
  return new Map(rows.map((row) => [row.id, row.name]));
}
