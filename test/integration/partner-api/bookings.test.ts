import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "@/lib/bookings/create-booking";
import { fixedClock } from "@/lib/clock";
import { addDays } from "@/lib/dates/calendar-date";
import { setRates } from "@/lib/rates/set-rates";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db);
  key = hotel.writeKey!.key;
});

function body(overrides: Record<string, unknown> = {}) {
  return { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 2, guest: GUEST, ...overrides };
}

describe("POST /bookings", () => {
  it("creates a confirmed booking: 201, Location, the stay, the price fixed per night", async () => {
    const created = await api("POST", "/bookings", { key, body: body({ externalReference: "partner-123" }) });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/partner/v1/bookings/${created.body.id}`);
    expect(created.headers.get("idempotent-replayed")).toBeNull();
    expect(created.body).toMatchObject({
      status: "confirmed",
      externalReference: "partner-123",
      checkin: hotel.stay.checkin,
      checkout: hotel.stay.checkout,
      nights: 3,
      adults: 2,
      guest: GUEST,
      price: { amount: 36000, currency: "EUR" },
      cancelledAt: null,
      cancellationReason: null,
    });
    expect(created.body.reference).toMatch(/^ATH-[A-Z2-9]{6}$/);
    expect(created.body.nightly).toHaveLength(3);
    const read = await api("GET", `/bookings/${created.body.id}`, { key });
    expect(read.body).toEqual(created.body);
  });

  it("replays the booking for the same Idempotency-Key and body (key order and spacing do not matter)", async () => {
    const first = await api("POST", "/bookings", { key, body: body(), headers: { "idempotency-key": "order-77" } });
    const { guest, ...rest } = body();
    const reordered = `{ "guest": ${JSON.stringify({ email: guest.email, lastName: guest.lastName, firstName: guest.firstName })},\n ${JSON.stringify(rest).slice(1, -1)} }`;
    const again = await api("POST", "/bookings", { key, rawBody: reordered, headers: { "idempotency-key": "order-77", "content-type": "application/json" } });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);

    const different = await api("POST", "/bookings", { key, body: body({ adults: 1 }), headers: { "idempotency-key": "order-77" } });
    expect(different.status).toBe(422);
    expect(different.body.code).toBe("idempotency_key_reused");
  });

  it("replays the booking as it stands now, after a cancellation and across a key rotation (keys are per property)", async () => {
    const first = await api("POST", "/bookings", { key, body: body(), headers: { "idempotency-key": "order-88" } });
    await api("POST", `/bookings/${first.body.id}/cancel`, { key, body: {} });
    const other = await import("@/prisma/factories").then((f) => f.seedApiKey(database().db, hotel.property.id, "write", "Second"));
    const again = await api("POST", "/bookings", { key: other.key, body: body(), headers: { "idempotency-key": "order-88" } });
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id, status: "cancelled" } });
  });

  it("does not remember a key whose request failed: the retry runs again", async () => {
    const roomTypeId = hotel.roomTypes[1]!.id;
    const checkin = addDays(hotel.today, 60);
    await setRates(database().db, { roomTypeId, from: checkin, to: checkin, closed: true });
    const attempt = () => api("POST", "/bookings", { key, body: body({ roomTypeId, checkin, checkout: addDays(checkin, 1), adults: 1 }), headers: { "idempotency-key": "retry-after-409" } });
    expect((await attempt()).status).toBe(409);
    await setRates(database().db, { roomTypeId, from: checkin, to: checkin, closed: false });
    expect((await attempt()).status).toBe(201);
  });

  it("says which night is not available, and refuses unknown room types and too many adults", async () => {
    const roomTypeId = hotel.roomTypes[1]!.id;
    const checkin = addDays(hotel.today, 70);
    await setRates(database().db, { roomTypeId, from: addDays(checkin, 1), to: addDays(checkin, 1), rooms: 0 });
    const soldOut = await api("POST", "/bookings", { key, body: body({ roomTypeId, checkin, checkout: addDays(checkin, 3), adults: 1 }) });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({ code: "no_availability", night: addDays(checkin, 1) });
    expect(soldOut.body.detail).toContain(addDays(checkin, 1));

    // Unknown, and malformed (refused by its form before any query): the same answer.
    for (const id of ["rt_00000000000000000000", "rt_nope", "rt_\u0000"]) {
      const unknown = await api("POST", "/bookings", { key, body: body({ roomTypeId: id }) });
      expect(unknown, id).toMatchObject({ status: 422, body: { code: "unknown_room_type" } });
    }
    const crowd = await api("POST", "/bookings", { key, body: body({ roomTypeId, adults: 2 }) });
    expect(crowd).toMatchObject({ status: 422, body: { code: "occupancy_exceeded" } });
  });

  it("answers malformed requests with the right problem", async () => {
    const cases: [Parameters<typeof api>[2], number, string][] = [
      [{ rawBody: "{ not json", headers: { "content-type": "application/json" } }, 400, "invalid_request"],
      [{ rawBody: "[1,2]", headers: { "content-type": "application/json" } }, 400, "invalid_request"],
      [{ rawBody: "", headers: { "content-type": "application/json" } }, 400, "invalid_request"],
      [{ rawBody: "roomTypeId=x", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "unsupported_media_type"],
      [{ body: body({ guest: { ...GUEST, note: "x".repeat(17_000) } }) }, 413, "payload_too_large"],
      [{ body: body(), headers: { "idempotency-key": "" } }, 400, "invalid_request"],
      [{ body: body(), headers: { "idempotency-key": "k".repeat(256) } }, 400, "invalid_request"],
      [{ body: body(), headers: { "idempotency-key": "naïve-key" } }, 400, "invalid_request"],
    ];
    for (const [call, status, code] of cases) {
      const response = await api("POST", "/bookings", { key, ...call });
      expect(response.status, JSON.stringify(call).slice(0, 80)).toBe(status);
      expect(response.body.code).toBe(code);
    }
  });

  it("keeps the guest's language (for the hotel's e-mails to them) and refuses one that is not a language tag", async () => {
    const german = await api("POST", "/bookings", { key, body: body({ checkin: addDays(hotel.stay.checkin, 40), checkout: addDays(hotel.stay.checkin, 41), guest: { ...GUEST, language: "de-AT" } }) });
    expect(german.status).toBe(201);
    expect(german.body.guest).toEqual({ ...GUEST, language: "de-AT" });
    expect((await api("GET", `/bookings/${german.body.id}`, { key })).body.guest.language).toBe("de-AT");
    const bad = await api("POST", "/bookings", { key, body: body({ guest: { ...GUEST, language: "German!" } }) });
    expect([bad.status, bad.body.errors]).toEqual([400, [{ field: "guest.language", message: "Must be a language tag such as de, en-GB or pt-BR." }]]);
  });

  it("lists each invalid field of the body", async () => {
    const response = await api("POST", "/bookings", {
      key,
      body: { roomTypeId: "", checkin: "2026-02-30", checkout: hotel.stay.checkout, adults: 0, guest: { firstName: " ", lastName: "S\u0007", email: "not-an-email" }, colour: "blue" },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ["adults", "checkin", "colour", "guest.email", "guest.firstName", "guest.lastName", "roomTypeId"].sort(),
    );
    const pastStay = await api("POST", "/bookings", { key, body: body({ checkin: addDays(hotel.today, -1) }) });
    expect(pastStay.body.errors).toEqual([{ field: "checkin", message: `Must be today at the property (${hotel.today}) or later.` }]);
  });

  it("answers 409 idempotency_key_in_use with Retry-After when the first request is still running after 5 s", async () => {
    const client = new pg.Client({ connectionString: database().url });
    await client.connect();
    try {
      // Stand in for a first request stuck in its transaction, holding the key's lock.
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`${hotel.property.id}:slow-key`]);
      const waiting = await api("POST", "/bookings", { key, body: body(), headers: { "idempotency-key": "slow-key" } });
      expect(waiting.status).toBe(409);
      expect(waiting.body.code).toBe("idempotency_key_in_use");
      expect(waiting.headers.get("retry-after")).toBe("1");
    } finally {
      await client.query("ROLLBACK");
      await client.end();
    }
    expect((await api("POST", "/bookings", { key, body: body(), headers: { "idempotency-key": "slow-key" } })).status).toBe(201);
  });
});

describe("POST /bookings/{id}/cancel and GET /bookings", () => {
  it("cancels once, frees the nights, and returns the cancelled booking unchanged after", async () => {
    const roomTypeId = hotel.roomTypes[1]!.id;
    const checkin = addDays(hotel.today, 90);
    const stay = { checkin, checkout: addDays(checkin, 1) };
    const free = async () => (await api("GET", `/rates?from=${checkin}&to=${checkin}&roomTypeId=${roomTypeId}`, { key })).body.roomTypes[0].nights[0].availableRooms;
    const created = await api("POST", "/bookings", { key, body: body({ roomTypeId, ...stay, adults: 1 }) });
    expect(await free()).toBe(2);
    const cancelled = await api("POST", `/bookings/${created.body.id}/cancel`, { key, body: { reason: "Guest ill" } });
    expect(cancelled).toMatchObject({ status: 200, body: { status: "cancelled", cancellationReason: "Guest ill" } });
    expect(cancelled.body.cancelledAt).not.toBeNull();
    expect(await free()).toBe(3);
    const again = await api("POST", `/bookings/${created.body.id}/cancel`, { key });
    expect(again).toMatchObject({ status: 200, body: cancelled.body });
    expect(await free()).toBe(3);
    const tooLong = await api("POST", `/bookings/${created.body.id}/cancel`, { key, body: { reason: "x".repeat(501) } });
    expect(tooLong.body.errors).toEqual([{ field: "reason", message: "Must be at most 500 characters." }]);
  });

  it("refuses to cancel once the check-in date has passed at the property", async () => {
    const past = addDays(hotel.today, -3);
    const roomTypeId = hotel.roomTypes[0]!.id;
    // The calendar opens at today: give the past nights rows, then book them as of back then.
    await setRates(database().db, { roomTypeId, from: past, to: addDays(past, 1), rooms: 5, price: 12_000 });
    const { booking } = unlessRefused(await createBooking(database().db, {
      property: hotel.property,
      actor: TEST_ACTOR,
      input: { roomTypeId, checkin: past, checkout: addDays(past, 2), adults: 1, guest: GUEST },
      clock: fixedClock(`${past}T12:00:00Z`),
    }));
    const response = await api("POST", `/bookings/${booking.id}/cancel`, { key, body: {} });
    expect(response).toMatchObject({ status: 409, body: { code: "booking_not_cancellable" } });
  });

  it("pages newest first with a cursor that stays stable while bookings are added, and filters", async () => {
    const fixture = await partnerFixture(database().db, { name: "Paging Inn" });
    const k = fixture.writeKey!.key;
    const make = (i: number) =>
      api("POST", "/bookings", { key: k, body: { roomTypeId: fixture.roomTypes[0]!.id, ...fixture.stay, adults: 1, guest: GUEST, externalReference: `p-${i}` } });
    for (let i = 0; i < 5; i++) await make(i);
    const page1 = await api("GET", "/bookings?limit=2", { key: k });
    expect(page1.body.data.map((b: { externalReference: string }) => b.externalReference)).toEqual(["p-4", "p-3"]);
    await make(5);
    const page2 = await api("GET", `/bookings?limit=2&cursor=${page1.body.nextCursor}`, { key: k });
    expect(page2.body.data.map((b: { externalReference: string }) => b.externalReference)).toEqual(["p-2", "p-1"]);
    const page3 = await api("GET", `/bookings?limit=2&cursor=${page2.body.nextCursor}`, { key: k });
    expect(page3.body).toMatchObject({ nextCursor: null });
    expect(page3.body.data.map((b: { externalReference: string }) => b.externalReference)).toEqual(["p-0"]);

    const one = await api("GET", "/bookings?externalReference=p-3", { key: k });
    expect(one.body.data).toHaveLength(1);
    const byReference = await api("GET", `/bookings?reference=${one.body.data[0].reference}`, { key: k });
    expect(byReference.body.data[0].id).toBe(one.body.data[0].id);
    await api("POST", `/bookings/${one.body.data[0].id}/cancel`, { key: k });
    const cancelled = await api("GET", "/bookings?status=cancelled", { key: k });
    expect(cancelled.body.data.map((b: { id: string }) => b.id)).toEqual([one.body.data[0].id]);
    const since = await api("GET", `/bookings?updatedSince=${encodeURIComponent(one.body.data[0].createdAt)}`, { key: k });
    expect(since.body.data.map((b: { id: string }) => b.id)).toContain(one.body.data[0].id);
    expect((await api("GET", "/bookings?cursor=garbage", { key: k })).body.errors[0].field).toBe("cursor");
    expect((await api("GET", "/bookings?limit=101", { key: k })).body.errors[0].field).toBe("limit");
  });
});
