import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { SEED_ACTOR } from "@/lib/audit/actor";
import type { BookingActor } from "@/lib/bookings/booking-actor";
import type { DeskBookingDetails } from "@/lib/bookings/booking";
import { createBooking, type BookingProperty } from "@/lib/bookings/create-booking";
import { fixedClock, type Clock } from "@/lib/clock";
import { eachDate, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { createProperty } from "@/lib/properties/create-property";
import type { Plan } from "@/lib/properties/plans";
import { setRates } from "@/lib/rates/set-rates";
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

export async function seedStaff(db: Db, propertyId: string, options: { email: string; name?: string; role?: StaffRole; password?: string }) {
  return createStaffUser(db, { propertyId, ...options });
}

export type BookingSpec = {
  roomTypeId: string;
  checkin: CalendarDate;
  checkout: CalendarDate;
  adults?: number;
  /** The API key that makes it (an "api" booking); without one, `actor` makes it at the desk (the seed when not given). */
  apiKeyId?: string | null;
  actor?: BookingActor;
  /** A desk booking's phone and note. */
  desk?: DeskBookingDetails;
  guest?: { firstName: string; lastName: string; email: string };
  /** When the booking is made: createBooking runs with the clock set to it. */
  madeAt: Date;
};

/** A booking made through createBooking as of `madeAt` (its "today" and its createdAt). */
export async function seedBooking(db: Db, property: BookingProperty, spec: BookingSpec) {
  const { booking } = unlessRefused(await createBooking(db, {
    property,
    actor: spec.apiKeyId ? { apiKeyId: spec.apiKeyId, label: SEED_ACTOR.label } : (spec.actor ?? SEED_ACTOR),
    desk: spec.desk,
    input: {
      roomTypeId: spec.roomTypeId,
      checkin: spec.checkin,
      checkout: spec.checkout,
      adults: spec.adults ?? 1,
      guest: spec.guest ?? { firstName: "Test", lastName: "Guest", email: "test.guest@example.com" },
    },
    clock: fixedClock(spec.madeAt),
  }));
  return booking;
}

/**
 * Gives nights before today calendar rows (a room type's calendar opens at today), so that
 * bookings can be made for them as of an earlier day: `setRates` for each run of nights of one
 * price, at `priceForNight` (the base price when not given) and the room type's rooms.
 */
export async function openPastNights(
  db: Db,
  roomType: { id: string; rooms: number; basePrice: number },
  from: CalendarDate,
  to: CalendarDate,
  priceForNight: (date: CalendarDate, basePrice: number) => number = (_date, basePrice) => basePrice,
) {
  const runs: { from: CalendarDate; to: CalendarDate; price: number }[] = [];
  for (const date of eachDate(from, to)) {
    const price = priceForNight(date, roomType.basePrice);
    const last = runs.at(-1);
    if (last?.price === price) last.to = date;
    else runs.push({ from: date, to: date, price });
  }
  for (const run of runs) await setRates(db, { roomTypeId: roomType.id, ...run, rooms: roomType.rooms });
}
