import type { Db } from "@/lib/db";
import { propertyToday } from "@/lib/properties/property-today";
import { seedProperty, type PropertySpec, type RoomTypeSpec } from "@/prisma/factories";

/** A room type by its rooms and nightly base price (minor units); two adults unless said. */
export type RoomsSpec = { rooms: number; basePrice: number } & Partial<Omit<RoomTypeSpec, "name" | "rooms" | "basePrice">>;

/**
 * A hotel of a test's own (a new property, so tests never share rooms or nights): room types
 * named by the keys of `rooms`, in that order, and the property's today.
 */
export async function seedHotel<Name extends string>(db: Db, rooms: Record<Name, RoomsSpec>, spec: Omit<PropertySpec, "roomTypes"> = {}) {
  const names = Object.keys(rooms) as Name[];
  const { property, roomTypes } = await seedProperty(db, { ...spec, roomTypes: names.map((name) => ({ name, maxAdults: 2, ...rooms[name] })) });
  const byName = Object.fromEntries(names.map((name, i) => [name, roomTypes[i]!])) as Record<Name, (typeof roomTypes)[number]>;
  return { property, roomTypes: byName, today: propertyToday(property) };
}
