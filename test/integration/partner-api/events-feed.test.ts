import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { fixedClock } from "@/lib/clock";
import { encodeEventCursor } from "@/lib/events/event-cursor";
import { readEventFeed } from "@/lib/events/read-event-feed";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { TEST_ACTOR } from "@/lib/audit/actor";

/**
 * The transactional outbox and GET /events: an event for every booking made or cancelled,
 * whichever door made it, written with the change or not at all; a feed that a poller can
 * follow while transactions commit out of order without missing or repeating an event.
 */
const database = setupTestDatabase();

beforeAll(() => {
  useDatabaseForRoutes(database().url);
});

async function allEvents(key: string, query = "") {
  const seen: any[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await api("GET", `/events?limit=100${query}${after ? `&after=${after}` : ""}`, { key });
    expect(page.status).toBe(200);
    seen.push(...page.body.data);
    after = page.body.nextCursor;
    if (page.body.data.length < 100) return { events: seen, cursor: after! };
  }
}

describe("the outbox and GET /events", () => {
  it("records booking.created and booking.cancelled from the API and the domain, none for a replay or a repeated cancel", async () => {
    const hotel = await partnerFixture(database().db, { name: "Outbox Inn" });
    const key = hotel.writeKey!.key;
    const body = { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST };
    const made = await api("POST", "/bookings", { key, body, headers: { "idempotency-key": "outbox-1" } });
    expect(made.status).toBe(201);
    expect((await api("POST", "/bookings", { key, body, headers: { "idempotency-key": "outbox-1" } })).headers.get("idempotent-replayed")).toBe("true");
    const cancelled = await api("POST", `/bookings/${made.body.id}/cancel`, { key, body: { reason: "Plans changed" } });
    expect(cancelled.status).toBe(200);
    expect((await api("POST", `/bookings/${made.body.id}/cancel`, { key })).status).toBe(200);
    // The control panel and the guest site end in the same domain functions.
    const direct = unlessRefused(await createBooking(database().db, { property: hotel.property, input: { ...body, adults: 2 }, actor: TEST_ACTOR }));
    unlessRefused(await cancelBooking(database().db, { actor: TEST_ACTOR, property: hotel.property, bookingId: direct.booking.id }));

    const { events } = await allEvents(key);
    expect(events.map((e) => [e.type, e.data.booking.id, e.data.booking.status])).toEqual([
      ["booking.created", made.body.id, "confirmed"],
      ["booking.cancelled", made.body.id, "cancelled"],
      ["booking.created", direct.booking.id, "confirmed"],
      ["booking.cancelled", direct.booking.id, "cancelled"],
    ]);
    expect(events[0].data.booking).toEqual(made.body);
    expect(events[1].data.booking).toEqual(cancelled.body);
    expect(events.every((e) => /^evt_[0-9a-z]{20}$/.test(e.id))).toBe(true);

    const onlyCancellations = await allEvents(key, "&type=booking.cancelled");
    expect(onlyCancellations.events.map((e) => e.data.booking.id)).toEqual([made.body.id, direct.booking.id]);

    // Another property's key sees none of them.
    const other = await partnerFixture(database().db, { name: "Other Outbox Inn" });
    expect((await allEvents(other.readKey.key)).events).toEqual([]);
  });

  it("writes no event when the booking's transaction fails, and no booking when the event cannot be written", async () => {
    const { db } = database();
    const hotel = await partnerFixture(db, { name: "Atomic Inn" });
    const input = { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: { ...GUEST, lastName: "Refused" } };
    // A fault injected into the outbox write, inside the booking's transaction.
    await db.$executeRawUnsafe(`
      CREATE FUNCTION refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.data->'booking'->'guest'->>'lastName' = 'Refused' THEN RAISE EXCEPTION 'injected outbox failure'; END IF;
        RETURN NEW;
      END $$`);
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_event BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_event()`);
    try {
      await expect(createBooking(db, { property: hotel.property, input, actor: TEST_ACTOR }).then(unlessRefused)).rejects.toThrow(/injected outbox failure/);
      expect(await db.booking.count({ where: { propertyId: hotel.property.id } })).toBe(0);
      const [night] = await db.roomNight.findMany({ where: { roomTypeId: input.roomTypeId, roomsSold: { gt: 0 } } });
      expect(night).toBeUndefined();
      // A refused booking (sold out) leaves no event either.
      const full = await partnerFixture(db, { name: "Full Inn", roomTypes: [{ name: "Cell", description: "", maxAdults: 1, rooms: 0, basePrice: 100 }] });
      const refused = await api("POST", "/bookings", { key: full.writeKey!.key, body: { roomTypeId: full.roomTypes[0]!.id, ...full.stay, adults: 1, guest: GUEST } });
      expect(refused.status).toBe(409);
      expect(await db.event.count({ where: { propertyId: { in: [hotel.property.id, full.property.id] } } })).toBe(0);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER refuse_event ON events`);
      await db.$executeRawUnsafe(`DROP FUNCTION refuse_event()`);
    }
  });

  it("a poller following the feed during 50 concurrent bookings sees every event exactly once, in a stable order", async () => {
    const hotel = await partnerFixture(database().db, {
      name: "Busy Inn",
      plan: "pro",
      roomTypes: [{ name: "Bunk", description: "", maxAdults: 1, rooms: 100, basePrice: 2_000 }],
    });
    const key = hotel.writeKey!.key;
    const body = { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST };
    const seen: string[] = [];
    let after: string | undefined;
    let writing = true;
    const poll = async () => {
      const page = await api("GET", `/events?limit=7${after ? `&after=${after}` : ""}`, { key });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((e: { id: string }) => e.id));
      after = page.body.nextCursor;
      return page.body.data.length;
    };
    const poller = (async () => {
      while (writing) await poll();
      while ((await poll()) > 0); // drain
    })();
    const made = await Promise.all(Array.from({ length: 50 }, (_, i) => api("POST", "/bookings", { key, body, headers: { "idempotency-key": `busy-${i}` } })));
    expect(made.every((r) => r.status === 201)).toBe(true);
    writing = false;
    await poller;

    expect(seen).toHaveLength(50);
    expect(new Set(seen).size).toBe(50);
    const { events } = await allEvents(key);
    expect(events.map((e) => e.id)).toEqual(seen); // the same order when read again from the start
    expect(new Set(events.map((e) => e.data.booking.id))).toEqual(new Set(made.map((r) => r.body.id)));
  });

  it("answers an empty page with a cursor to come back with, refuses a forged cursor, and expires one after 30 days", async () => {
    const hotel = await partnerFixture(database().db, { name: "Quiet Inn" });
    const first = await api("GET", "/events", { key: hotel.readKey.key });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([]);
    expect(typeof first.body.nextCursor).toBe("string");
    const again = await api("GET", `/events?after=${first.body.nextCursor}`, { key: hotel.readKey.key });
    expect(again.status).toBe(200);

    for (const forged of ["nope", Buffer.from('["1","x",0]').toString("base64url"), Buffer.from("[]").toString("base64url")]) {
      const bad = await api("GET", `/events?after=${forged}`, { key: hotel.readKey.key });
      expect(bad.status, forged).toBe(400);
      expect(bad.body.errors[0].field).toBe("after");
    }
    const old = encodeEventCursor({ txid: "1", sequence: "1" }, Date.now() - 31 * 86_400_000);
    const expired = await api("GET", `/events?after=${old}`, { key: hotel.readKey.key });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe("cursor_expired");
    // A cursor handed out 29 days ago is still good (the clock is the feed's own).
    const recent = encodeEventCursor({ txid: "1", sequence: "1" }, Date.parse("2026-01-01T00:00:00Z"));
    await expect(readEventFeed(database().db, hotel.property, { after: recent }, fixedClock("2026-01-30T00:00:00Z"))).resolves.toMatchObject({ data: [] });
  });
});
