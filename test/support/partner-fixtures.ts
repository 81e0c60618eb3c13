import { addDays } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { propertyToday } from "@/lib/properties/property-today";
import { seedApiKey, seedProperty, type PropertySpec } from "@/prisma/factories";

/** A property with keys of each kind and a stay two weeks ahead, for API tests. */
export async function partnerFixture(db: Db, spec: PropertySpec = {}) {
  const { property, roomTypes } = await seedProperty(db, {
    name: spec.name ?? "Api Test Hotel",
    timezone: spec.timezone ?? "Europe/Lisbon",
    plan: spec.plan ?? "starter",
    roomTypes: spec.roomTypes ?? [
      { name: "Double", description: "A double room.", maxAdults: 2, rooms: 5, basePrice: 12_000 },
      { name: "Single", description: "A single room.", maxAdults: 1, rooms: 3, basePrice: 8_000 },
    ],
  });
  const canWrite = property.plan !== "free";
  const writeKey = canWrite ? await seedApiKey(db, property.id, "write", "Write") : undefined;
  const readKey = await seedApiKey(db, property.id, "read", "Read");
  const today = propertyToday(property);
  const stay = { checkin: addDays(today, 14), checkout: addDays(today, 17) };
  return { property, roomTypes, writeKey, readKey, today, stay };
}

export const GUEST = { firstName: "Ana", lastName: "Silva", email: "ana.silva@example.com" };
