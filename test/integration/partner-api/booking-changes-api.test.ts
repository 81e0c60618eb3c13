import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/calendar-date";
import { setRates } from "@/lib/rates/set-rates";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

/**
 * PATCH /partner/v1/bookings/{id} over the route handlers, on real PostgreSQL: the preview, the
 * price guard, Idempotency-Key (one key space with creations), the event and the history a
 * change leaves, and what it refuses. The races of the change itself are in
 * test/integration/booking-changes.test.ts.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
let stays = 0;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db);
  key = hotel.writeKey!.key;
});

/** A booking of the Double (12,000 a night) for two nights, on a stay no other test uses. */
async function book(extra: Record<string, unknown> = {}) {
  const checkin = addDays(hotel.today, 20 + 4 * stays++);
  const made = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST, ...extra } });
  expect(made.status, made.text).toBe(201);
  return made.body;
}

function patch(id: string, body: unknown, options: { query?: string; idempotencyKey?: string } = {}) {
  return api("PATCH", `/bookings/${id}${options.query ?? ""}`, { key, body, headers: options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {} });
}

async function stored(bookingId: string) {
  const { db } = database();
  const booking = await db.booking.findUniqueOrThrow({ where: { id: bookingId } });
  return {
    booking,
    history: await db.bookingHistoryEntry.findMany({ where: { bookingId }, orderBy: { createdAt: "asc" } }),
    events: await db.event.findMany({ where: { bookingId, type: "booking.changed" } }),
    sold: (await db.roomNight.findMany({ where: { roomTypeId: booking.roomTypeId }, orderBy: { date: "asc" } })).map((n) => n.roomsSold),
  };
}

describe("PATCH /bookings/{id}", () => {
  it("previews with dryRun (nothing stored), then changes at the quoted price: one event with what changed, one history entry, found by updatedSince", async () => {
    const booking = await book();
    const before = await stored(booking.id);
    const longer = { checkout: addDays(booking.checkout, 1) };

    const quote = await patch(booking.id, longer, { query: "?dryRun=true", idempotencyKey: "dry-run-key" });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body).toMatchObject({ checkout: longer.checkout, nights: 3, price: { amount: 36_000, currency: "EUR" } });
    // A preview, marked so, changed nothing: not even updatedAt.
    expect(quote.headers.get("preview")).toBe("true");
    expect(quote.body.updatedAt).toBe(booking.updatedAt);
    expect(await stored(booking.id)).toEqual(before);

    const since = new Date().toISOString();
    const changed = await patch(booking.id, { ...longer, expectedPrice: quote.body.price }, { idempotencyKey: "dry-run-key" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.headers.get("idempotent-replayed")).toBeNull();
    expect(changed.headers.get("preview")).toBeNull();
    expect(changed.body.updatedAt > booking.updatedAt).toBe(true);
    expect(changed.body).toEqual({ ...quote.body, updatedAt: changed.body.updatedAt });
    expect(changed.body.status).toBe("confirmed");

    const after = await stored(booking.id);
    expect(after.events).toHaveLength(1);
    expect(after.events[0]!.data).toEqual({
      booking: changed.body,
      previous: { checkout: booking.checkout, nights: 2, price: booking.price, nightly: booking.nightly },
    });
    expect(after.history).toHaveLength(1);
    expect(after.history[0]).toMatchObject({
      kind: "changed",
      apiKeyId: hotel.writeKey!.id,
      actorLabel: expect.stringMatching(/^API key rbp_/),
      previous: { checkout: booking.checkout, nights: 2 },
      current: { checkout: longer.checkout, nights: 3 },
      idempotencyKey: "dry-run-key",
    });
    const polled = await api("GET", `/bookings?updatedSince=${encodeURIComponent(since)}`, { key });
    expect(polled.body.data.map((b: { id: string }) => b.id)).toContain(booking.id);
  });

  it("refuses another total with 409 price_changed carrying the quote, and changes nothing", async () => {
    const booking = await book();
    await setRates(database().db, { roomTypeId: hotel.roomTypes[0]!.id, from: booking.checkout, to: booking.checkout, price: 15_000 });
    const before = await stored(booking.id);
    const refused = await patch(booking.id, { checkout: addDays(booking.checkout, 1), expectedPrice: { amount: 36_000, currency: "EUR" } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "price_changed",
      price: { amount: 39_000, currency: "EUR" },
      nightly: [...booking.nightly, { date: booking.checkout, amount: 15_000 }],
    });
    expect(await stored(booking.id)).toEqual(before);
  });

  it("refuses a night it cannot take with 409 no_availability naming the night, and keeps the booking as it was", async () => {
    const booking = await book();
    const closed = addDays(booking.checkout, 1);
    await setRates(database().db, { roomTypeId: hotel.roomTypes[0]!.id, from: closed, to: closed, closed: true });
    const before = await stored(booking.id);
    const refused = await patch(booking.id, { checkout: addDays(booking.checkout, 2) });
    expect(refused).toMatchObject({ status: 409, body: { code: "no_availability", night: closed } });
    expect(refused.body.detail).toContain(closed);
    expect(await stored(booking.id)).toEqual(before);
  });

  it("replays the same key and body, refuses the key with another body or a creation's key, in one key space with creations", async () => {
    const booking = await book({ externalReference: "PX-1" });
    const first = await patch(booking.id, { adults: 2 }, { idempotencyKey: "change-1" });
    expect(first.status).toBe(200);
    // Changed since by someone else: the replay answers the booking as it stands now.
    expect((await patch(booking.id, { externalReference: "PX-2" })).status).toBe(200);
    const replay = await patch(booking.id, { adults: 2 }, { idempotencyKey: "change-1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toMatchObject({ adults: 2, externalReference: "PX-2" });

    expect((await patch(booking.id, { adults: 1 }, { idempotencyKey: "change-1" })).body.code).toBe("idempotency_key_reused");
    const other = await book();
    expect((await patch(other.id, { adults: 2 }, { idempotencyKey: "change-1" })).body.code).toBe("idempotency_key_reused");

    // A creation's key cannot change a booking, and a change's key cannot create one.
    const created = await api("POST", "/bookings", {
      key,
      body: { roomTypeId: hotel.roomTypes[0]!.id, checkin: addDays(hotel.today, 90), checkout: addDays(hotel.today, 91), adults: 1, guest: GUEST },
      headers: { "idempotency-key": "created-1" },
    });
    expect(created.status).toBe(201);
    expect((await patch(created.body.id, { adults: 2 }, { idempotencyKey: "created-1" })).status).toBe(422);
    const booked = await api("POST", "/bookings", {
      key,
      body: { roomTypeId: hotel.roomTypes[0]!.id, checkin: addDays(hotel.today, 92), checkout: addDays(hotel.today, 93), adults: 1, guest: GUEST },
      headers: { "idempotency-key": "change-1" },
    });
    expect(booked).toMatchObject({ status: 422, body: { code: "idempotency_key_reused" } });
    expect(await database().db.booking.count({ where: { propertyId: hotel.property.id, checkin: new Date(`${addDays(hotel.today, 92)}T00:00:00Z`) } })).toBe(0);
    expect((await stored(booking.id)).history).toHaveLength(2);
  });

  it("applies a change once for 10 concurrent requests with one key: one event, one history entry, the nights moved once", async () => {
    const booking = await book();
    const body = { checkin: addDays(booking.checkin, 1), checkout: addDays(booking.checkout, 1) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => patch(booking.id, body, { idempotencyKey: "concurrent-change" })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    for (const answer of answers) expect(answer.body).toMatchObject(body);
    const after = await stored(booking.id);
    expect(after.events).toHaveLength(1);
    expect(after.history).toHaveLength(1);
    const nights = await database().db.roomNight.findMany({ where: { roomTypeId: booking.roomTypeId, date: { gte: new Date(`${booking.checkin}T00:00:00Z`), lte: new Date(`${body.checkout}T00:00:00Z`) } }, orderBy: { date: "asc" } });
    expect(nights.map((n) => n.roomsSold)).toEqual([0, 1, 1, 0]);
  });

  it("answers 409 idempotency_key_in_use with Retry-After when the first request with the key is still running after 5 s", async () => {
    const booking = await book();
    const first = new pg.Client({ connectionString: database().url });
    await first.connect();
    try {
      await first.query("BEGIN");
      await first.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`${hotel.property.id}:still-running`]);
      const waited = await patch(booking.id, { adults: 2 }, { idempotencyKey: "still-running" });
      expect(waited).toMatchObject({ status: 409, body: { code: "idempotency_key_in_use" } });
      expect(waited.headers.get("retry-after")).toBe("1");
    } finally {
      await first.query("ROLLBACK");
      await first.end();
    }
    expect((await stored(booking.id)).history).toEqual([]);
  }, 20_000);

  it("answers a request that changes nothing with the booking, and writes no event", async () => {
    const booking = await book();
    const same = await patch(booking.id, { adults: booking.adults, guest: { firstName: GUEST.firstName } }, { idempotencyKey: "nothing" });
    expect(same).toMatchObject({ status: 200, body: booking });
    expect(await stored(booking.id)).toMatchObject({ events: [], history: [] });
  });

  it("validates the body as creation does, and wants at least one field besides expectedPrice", async () => {
    const booking = await book();
    const cases: [unknown, string][] = [
      [{}, ""],
      [{ expectedPrice: { amount: 1, currency: "EUR" } }, ""],
      [{ adults: 0 }, "adults"],
      [{ guest: { email: "not-an-address" } }, "guest.email"],
      [{ checkout: "2026-02-30" }, "checkout"],
      [{ status: "cancelled" }, ""],
      [{ externalReference: "" }, "externalReference"],
    ];
    for (const [body, field] of cases) {
      const response = await patch(booking.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe("validation_failed");
      if (field) expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const query = await patch(booking.id, { adults: 2 }, { query: "?dryRun=yes" });
    expect(query.body.errors).toEqual([{ field: "dryRun", message: "Must be true or false." }]);
    const past = await patch(booking.id, { checkin: addDays(hotel.today, -1) });
    expect(past.body).toMatchObject({ code: "validation_failed", errors: expect.arrayContaining([expect.objectContaining({ field: "checkin" })]) });
  });

  it("refuses a cancelled booking with 409 booking_not_changeable, clears externalReference with null, and lists GET, PATCH in Allow", async () => {
    const booking = await book({ externalReference: "PX-9" });
    const cleared = await patch(booking.id, { externalReference: null });
    expect(cleared.body.externalReference).toBeNull();
    expect((await api("POST", `/bookings/${booking.id}/cancel`, { key, body: {} })).status).toBe(200);
    expect((await patch(booking.id, { adults: 2 })).body).toMatchObject({ status: 409, code: "booking_not_changeable" });
    const wrongMethod = await api("PUT", `/bookings/${booking.id}`, { key, body: { adults: 2 } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, PATCH");
    const missing = await patch("bk_00000000000000000000", { adults: 2 });
    expect(missing).toMatchObject({ status: 404, body: { code: "not_found" } });
  });
});
