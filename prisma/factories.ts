import { createApiKey } from "@/lib/api-keys/create-api-key";
import { SEED_ACTOR } from "@/lib/audit/actor";
import type { Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { createProperty } from "@/lib/properties/create-property";
import type { Plan } from "@/lib/properties/plans";
import { createRoomType, type CreateRoomTypeInput } from "@/lib/room-types/create-room-type";
import { createStaffUser, type StaffRole } from "@/lib/staff/create-staff-user";

/**
 * Factories shared by the seed and the tests: each builds through the same domain functions
 * as the admin CLI and the panel, so test data is made the way real data is. Every call makes
 * a new property (a free slug), so tests can run side by side in one database.
 */
export type RoomTypeSpec = Omit<CreateRoomTypeInput, "propertyId" | "clock">;

export type PropertySpec = {
  name?: string;
  timezone?: string;
  currency?: string;
  plan?: Plan;
  roomTypes?: RoomTypeSpec[];
  clock?: Clock;
};

export async function seedProperty(db: Db, spec: PropertySpec = {}) {
  const property = await createProperty(db, {
    name: spec.name ?? "Test Hotel",
    timezone: spec.timezone ?? "UTC",
    currency: spec.currency ?? "EUR",
    plan: spec.plan ?? "starter",
  });
  const roomTypes = [];
  for (const roomType of spec.roomTypes ?? [{ name: "Double room", maxAdults: 2, rooms: 5, basePrice: 10_000 }]) {
    roomTypes.push(await createRoomType(db, { propertyId: property.id, ...roomType, clock: spec.clock }));
  }
  return { property, roomTypes };
}

export async function seedApiKey(db: Db, propertyId: string, scope: "read" | "write" = "write", label = "Test key") {
  return createApiKey(db, { propertyId, scope, label, actor: SEED_ACTOR });
}

export async function seedStaff(db: Db, propertyId: string, options: { email: string; role?: StaffRole; password?: string }) {
  return createStaffUser(db, { propertyId, ...options });
}
