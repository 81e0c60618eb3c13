import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBookingGroup } from "@/lib/bookings/create-booking-group";
import { addDays } from "@/lib/dates/calendar-date";
import { propertyToday } from "@/lib/properties/property-today";
import { seedProperty } from "@/prisma/factories";
import { adminCliOn, failureOfRun as failure, jsonOfRun as json } from "../support/admin-cli";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

/** The CLI as operators run it: a child process on the test database. */
const admin = adminCliOn(database);

describe("admin CLI: booking-group show", { timeout: 120_000 }, () => {
  it("shows a group by its reference (any capitals): booker, stay, status, total and each room; --json the API's group; an unknown or malformed reference fails", async () => {
    const db = database().db;
    const { property, roomTypes } = await seedProperty(db, {
      name: "Operator Inn",
      roomTypes: [
        { name: "Family Suite", maxAdults: 4, rooms: 2, basePrice: 20_000 },
        { name: "Double", maxAdults: 2, rooms: 2, basePrice: 12_000 },
      ],
    });
    await db.roomType.update({ where: { id: roomTypes[0]!.id }, data: { maxChildren: 2, maxOccupancy: 5 } });
    const checkin = addDays(propertyToday(property), 9);
    const booker = { firstName: "Ana", lastName: "Silva", email: "ana@example.com" };
    const { group } = unlessRefused(
      await createBookingGroup(db, {
        property,
        actor: TEST_ACTOR,
        input: {
          booker,
          rooms: [
            { roomTypeId: roomTypes[0]!.id, adults: 2, childrenAges: [6] },
            { roomTypeId: roomTypes[1]!.id, adults: 1, guest: { firstName: "Rui", lastName: "Silva", email: "rui@example.com" } },
          ],
          checkin,
          checkout: addDays(checkin, 2),
        },
      }),
    );
    unlessRefused(await cancelBooking(db, { property, bookingId: group.bookings[1]!.id, actor: TEST_ACTOR }));

    const shown = await admin(["booking-group", "show", group.reference.toLowerCase()]);
    expect(shown.stderr).toBe("");
    const lines = shown.stdout.trim().split("\n");
    expect(lines[0]).toBe(`Booking group ${group.reference} at Operator Inn: partly cancelled`);
    expect(lines[1]).toBe("Booker: Ana Silva <ana@example.com>");
    expect(lines[2]).toBe(`Stay: ${checkin} to ${addDays(checkin, 2)} (2 nights)`);
    expect(lines[3]).toBe("Total: €640.00; cancellation fees €0.00");
    expect(lines[4]).toBe(`  Room 1: ${group.bookings[0]!.reference} Family Suite, 2 adults, 1 child (6), Ana Silva <ana@example.com>, €400.00, Standard`);
    expect(lines[5]).toBe(`  Room 2: ${group.bookings[1]!.reference} Double, 1 adult, Rui Silva <rui@example.com>, €240.00, Standard, cancelled (fee €0.00)`);

    const asJson = json(await admin(["booking-group", "show", group.reference, "--json"]));
    expect(asJson).toMatchObject({ property: "Operator Inn", id: group.id, status: "partly_cancelled" });
    expect((asJson.bookings as unknown[]).length).toBe(2);

    expect(failure(await admin(["booking-group", "show", "HVH-2222222"]), 2)).toContain("is not a booking reference");
    expect(failure(await admin(["booking-group", "show", "OI-ABCDEF"]), 1)).toContain("no booking group with reference OI-ABCDEF");
  });
});
