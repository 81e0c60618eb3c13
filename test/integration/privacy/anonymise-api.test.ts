import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { anonymisedEmail } from "@/lib/bookings/anonymise-booking";
import { addDays } from "@/lib/dates/calendar-date";
import { seedApiKey } from "@/prisma/factories";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

/**
 * POST /partner/v1/bookings/{id}/anonymise (issue 40): a partner forwards its guest's erasure
 * request for a booking its keys made (a rotated key still may); another partner's key gets 404
 * as for an unknown booking; a stay that has not ended is 409 booking_not_anonymisable.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Erasure Hotel" });
});

async function book(key: string, offset: number) {
  const checkin = addDays(hotel.today, offset);
  const made = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST } });
  expect(made.status, made.text).toBe(201);
  return made.body as { id: string; reference: string; checkout: string };
}

describe("POST /bookings/{id}/anonymise", () => {
  it("erases the guest of a cancelled booking the key made, once; GET shows it", async () => {
    const key = hotel.writeKey!.key;
    const booking = await book(key, 10);
    expect((await api("POST", `/bookings/${booking.id}/cancel`, { key })).status).toBe(200);
    const erased = await api("POST", `/bookings/${booking.id}/anonymise`, { key });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body).toMatchObject({
      id: booking.id,
      reference: booking.reference,
      status: "cancelled",
      guest: { firstName: "Anonymised", lastName: "Anonymised", email: anonymisedEmail(booking.id) },
      anonymisedAt: expect.any(String),
    });
    expect(erased.body.guest.language).toBeUndefined();
    const again = await api("POST", `/bookings/${booking.id}/anonymise`, { key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(erased.body);
    expect((await api("GET", `/bookings/${booking.id}`, { key })).body).toEqual(erased.body);
    // Audited once (the second call erased nothing): which way, how many, never the guest.
    const audit = await database().db.auditEvent.findMany({ where: { propertyId: hotel.property.id, action: "guest_anonymised" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorLabel: expect.stringContaining("API key"), details: { way: "api", bookings: 1, bookingIds: [booking.id] } });
    expect(JSON.stringify(audit[0])).not.toContain(GUEST.email);
  });

  it("refuses a stay that has not ended with 409 booking_not_anonymisable, changing nothing", async () => {
    const key = hotel.writeKey!.key;
    const booking = await book(key, 14);
    const refused = await api("POST", `/bookings/${booking.id}/anonymise`, { key });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.body).toMatchObject({ code: "booking_not_anonymisable", type: "/docs/errors#booking_not_anonymisable" });
    expect(refused.body.detail).toContain(booking.checkout);
    const read = await api("GET", `/bookings/${booking.id}`, { key });
    expect(read.body).toMatchObject({ guest: GUEST, anonymisedAt: null });
  });

  it("is 404 for another partner's booking, as for an unknown one; a rotated key still erases its own", async () => {
    const mine = hotel.writeKey!;
    const otherPartner = await seedApiKey(database().db, hotel.property.id, "write", "Other partner");
    const booking = await book(mine.key, 18);
    expect((await api("POST", `/bookings/${booking.id}/cancel`, { key: mine.key })).status).toBe(200);
    const foreign = await api("POST", `/bookings/${booking.id}/anonymise`, { key: otherPartner.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
    const unknown = await api("POST", `/bookings/bk_00000000000000000000/anonymise`, { key: otherPartner.key });
    expect(unknown.status).toBe(404);
    expect((await api("GET", `/bookings/${booking.id}`, { key: mine.key })).body.anonymisedAt).toBeNull();

    const rotated = await rotateApiKey(database().db, { keyId: mine.id, actor: TEST_ACTOR });
    const erased = await api("POST", `/bookings/${booking.id}/anonymise`, { key: rotated.key });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.body.anonymisedAt).not.toBeNull();
  });
});
