import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { describe, expect, it } from "vitest";
import { apiKeyActor } from "@/lib/bookings/booking-actor";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { changeBooking } from "@/lib/bookings/change-booking";
import { DESK } from "@/lib/bookings/booking-channel";
import { listBookingHistory } from "@/lib/bookings/list-booking-history";
import { fixedClock } from "@/lib/clock";
import { addDays, dateInTimeZone } from "@/lib/dates/calendar-date";
import { seedApiKey, seedBooking, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { seedHotel } from "../support/hotel";

const database = setupTestDatabase();
const today = () => dateInTimeZone(new Date(), "UTC");
/** A moment `seconds` from now, so each step of a story is recorded after the one before. */
const inSeconds = (seconds: number) => fixedClock(new Date(Date.now() + seconds * 1000));

/** A hotel (UTC, EUR) with a Double at 100.00 and a Suite at 200.00 a night, a partner's key and an admin. */
async function hotel() {
  const { db } = database();
  const { property, roomTypes: { Double: double, Suite: suite } } = await seedHotel(db, { Double: { rooms: 3, basePrice: 10_000 }, Suite: { rooms: 2, basePrice: 20_000, maxAdults: 4 } });
  const key = await seedApiKey(db, property.id, "write", "Wanderly travel site");
  const staff = await seedStaff(db, property.id, { email: `frontdesk-${property.id.slice(-6)}@hotel.example` });
  return { property, double, suite, key, staff };
}

describe("a booking's history", () => {
  it("tells its creation, each change with who made it and each field from → to, and its cancellation with the reason, oldest first", async () => {
    const { db } = database();
    const { property, double, suite, key, staff } = await hotel();
    const checkin = addDays(today(), 20);
    const booking = await seedBooking(db, property, { roomTypeId: double.id, checkin, checkout: addDays(checkin, 2), apiKeyId: key.id, madeAt: new Date() });
    const staffActor = { staffId: staff.id, label: staff.email };

    const moved = await changeBooking(db, {
      property, bookingId: booking.id, actor: apiKeyActor(key), clock: inSeconds(1),
      request: { checkin: addDays(checkin, 1), checkout: addDays(checkin, 3) },
    });
    expect(moved.kind).toBe("changed");
    const upgraded = await changeBooking(db, {
      property, bookingId: booking.id, actor: staffActor, clock: inSeconds(2),
      request: { roomTypeId: suite.id, guest: { lastName: "Costa" }, externalReference: "WND-1" },
    });
    expect(upgraded.kind).toBe("changed");
    unlessRefused(await cancelBooking(db, { property, bookingId: booking.id, reason: "Guest phoned the hotel", actor: staffActor, clock: inSeconds(3) }));

    const history = await listBookingHistory(db, { propertyId: property.id, bookingId: booking.id });
    expect(history.map((item) => [item.kind, item.by])).toEqual([
      ["created", `Wanderly travel site (${key.hint})`],
      ["changed", `Wanderly travel site (${key.hint})`],
      ["changed", staff.email],
      ["cancelled", staff.email],
    ]);
    const [created, dates, room, cancelled] = history;
    expect(created!.at.toISOString()).toBe(booking.createdAt);
    expect(dates).toMatchObject({
      changes: [
        { label: "Check-in", from: formatted(checkin), to: formatted(addDays(checkin, 1)) },
        { label: "Check-out", from: formatted(addDays(checkin, 2)), to: formatted(addDays(checkin, 3)) },
        // The night kept keeps its price, the new one is at today's: the total does not move.
        { label: "Price of each night", from: expect.stringMatching(/€100\.00, .*€100\.00$/), to: expect.stringMatching(/€100\.00, .*€100\.00$/) },
      ],
    });
    expect(room).toMatchObject({
      changes: [
        { label: "Room type", from: "Double", to: "Suite" },
        { label: "Guest name", from: "Test Guest", to: "Test Costa" },
        { label: "Partner reference", from: "none", to: "WND-1" },
        { label: "Price", from: "€200.00", to: "€400.00" },
        { label: "Price of each night", from: expect.any(String), to: expect.any(String) },
      ],
    });
    expect(cancelled).toMatchObject({ kind: "cancelled", reason: "Guest phoned the hotel" });
    expect(history.map((item) => item.at.getTime())).toEqual(history.map((item) => item.at.getTime()).sort((a, b) => a - b));
  });

  it("names a booking no key and nobody at the desk made as the desk's, and a key that is gone by the label its history kept", async () => {
    const { db } = database();
    const { property, double, key } = await hotel();
    const walkIn = await seedBooking(db, property, { roomTypeId: double.id, checkin: addDays(today(), 30), checkout: addDays(today(), 31), madeAt: new Date() });
    await changeBooking(db, { property, bookingId: walkIn.id, actor: apiKeyActor(key), clock: inSeconds(1), request: { adults: 2, guest: { email: "new.address@example.com" } } });
    await db.apiKey.delete({ where: { id: key.id } });

    const history = await listBookingHistory(db, { propertyId: property.id, bookingId: walkIn.id });
    expect(history).toMatchObject([
      { kind: "created", by: DESK },
      {
        kind: "changed",
        by: `API key ${key.hint}`,
        changes: [
          { label: "Adults", from: "1", to: "2" },
          { label: "Guest e-mail", from: "test.guest@example.com", to: "new.address@example.com" },
        ],
      },
    ]);
  });

  it("is not found for a booking of another property", async () => {
    const { db } = database();
    const ours = await hotel();
    const theirs = await hotel();
    const booking = await seedBooking(db, theirs.property, { roomTypeId: theirs.double.id, checkin: addDays(today(), 40), checkout: addDays(today(), 41), madeAt: new Date() });
    await expect(listBookingHistory(db, { propertyId: ours.property.id, bookingId: booking.id })).rejects.toMatchObject({ code: "not_found" });
    expect(await listBookingHistory(db, { propertyId: theirs.property.id, bookingId: booking.id })).toHaveLength(1);
  });
});

function formatted(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${date}T00:00:00Z`));
}
