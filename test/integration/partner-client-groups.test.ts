import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/calendar-date";
import { PartnerApiError } from "@/lib/partner-client/partner-api-error";
import { createPartnerClient, type PartnerClient } from "@/lib/partner-client/partner-client";
import { setupTestDatabase } from "../support/database";
import { inProcessFetch, useDatabaseForRoutes } from "../support/partner-api";
import { GUEST, partnerFixture } from "../support/partner-fixtures";

/**
 * The typed partner client's booking groups (what the guest site and the booking engines will
 * book several rooms with), against the real route handlers and database: made, replayed for
 * the same Idempotency-Key, read, refused naming the room, cancelled whole.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let client: PartnerClient;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Client Group Hotel" });
  client = createPartnerClient({ baseUrl: "http://127.0.0.1/partner/v1", apiKey: hotel.writeKey!.key, fetch: inProcessFetch, retryDelayMs: 1 });
});

describe("the partner client's booking groups", () => {
  it("books, replays, reads and cancels a group; a refusal is a PartnerApiError naming the room", async () => {
    const checkin = addDays(hotel.today, 30);
    const input = {
      booker: GUEST,
      rooms: hotel.roomTypes.map((roomType) => ({ roomTypeId: roomType.id, adults: 1 })),
      checkin,
      checkout: addDays(checkin, 2),
    };
    const made = await client.createBookingGroup(input, "client-group-1");
    expect(made.replayed).toBe(false);
    expect(made.group.bookings.map((booking) => booking.groupId)).toEqual([made.group.id, made.group.id]);
    const again = await client.createBookingGroup(input, "client-group-1");
    expect(again).toEqual({ group: made.group, replayed: true });
    expect(await client.getBookingGroup(made.group.id)).toEqual(made.group);

    const tooMany = { ...input, rooms: [{ roomTypeId: hotel.roomTypes[1]!.id, adults: 2 }, ...input.rooms] };
    const refused = await client.createBookingGroup(tooMany, "client-group-2").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PartnerApiError);
    expect(refused).toMatchObject({ code: "occupancy_exceeded", room: 0, limit: { name: "maxAdults", value: 1 } });

    const cancelled = await client.cancelBookingGroup(made.group.id, "Plans changed");
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.bookings.map((booking) => booking.cancellationReason)).toEqual(["Plans changed", "Plans changed"]);
  });
});
