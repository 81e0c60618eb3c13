import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { systemClock } from "@/lib/clock";
import { addDays } from "@/lib/dates/calendar-date";
import { raiseAriEvents } from "@/lib/jobs/raise-ari-events";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { readRatesJson } from "@/lib/rates/read-rates";
import { RatesNightCache } from "@/lib/rates/rates-night-cache";
import { setRates } from "@/lib/rates/set-rates";
import type { RatesView } from "@/lib/schemas/rates";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

/**
 * GET /rates answers from copies of nights kept in the server (lib/rates/rates-night-cache.ts;
 * issue 39's p99), and a pull is never older than the writes committed before it: each write
 * below is followed by a pull through the copies, which must equal a pull with no copy at all,
 * while its marks wait and again after the worker raised them (the copy catching up with the
 * round), and once more when the rounds since the copy's are no longer kept.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
let range: { from: string; to: string };

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Rates Copies Hotel" });
  key = hotel.writeKey!.key;
  range = { from: addDays(hotel.today, 10), to: addDays(hotel.today, 40) };
  await raise();
});

const raise = () => raiseAriEvents({ db: database().db, clock: systemClock, ariWindowMs: 0 }, hotel.property.id);

/** A pull through `cache`, and one from the database alone: equal, or the copies were stale. */
async function pullBoth(cache: RatesNightCache, query: { from: string; to: string; ratePlanId?: string } = range) {
  const cached = await readRatesJson(database().db, hotel.property, query, cache);
  const fresh = await readRatesJson(database().db, hotel.property, query, new RatesNightCache(1024 * 1024));
  expect(cached).toBe(fresh);
  return JSON.parse(cached) as RatesView;
}

/** Whether the copies hold every room type's first and last night of the range at `version`. */
const kept = (cache: RatesNightCache, version: string) =>
  hotel.roomTypes.every((roomType) => !cache.nights(hotel.property.id, { version, marks: [] }, roomType.id, [range.from, range.to]).includes(undefined));

async function version(): Promise<string> {
  const row = await database().db.ariVersion.findUnique({ where: { propertyId: hotel.property.id } });
  return String(row?.version ?? 0);
}

describe("GET /rates from copies of nights", () => {
  it("keeps what it read and answers the same from it, for every room type and with a plan", async () => {
    const cache = new RatesNightCache(1024 * 1024);
    await pullBoth(cache);
    expect(kept(cache, await version())).toBe(true);
    const again = await pullBoth(cache);
    expect(again.roomTypes).toHaveLength(hotel.roomTypes.length);
    // Part of a range already read, and a plan's prices: from the same copies.
    const plan = await createRatePlan(database().db, {
      propertyId: hotel.property.id,
      name: "Long stay",
      priceRule: { percent: -15 },
      cancellationPolicy: { type: "non_refundable" },
      actor: TEST_ACTOR,
    });
    await raise();
    const priced = await pullBoth(cache, { from: addDays(range.from, 3), to: addDays(range.from, 5), ratePlanId: plan.id });
    expect(priced.roomTypes[0]!.nights[0]!.plans.map((p) => p.ratePlanId)).toEqual([plan.id]);
  });

  it("answers a booking's nights at once, while its marks wait and after their events", async () => {
    const cache = new RatesNightCache(1024 * 1024);
    const roomType = hotel.roomTypes[0]!;
    const checkin = addDays(range.from, 2);
    const before = await pullBoth(cache);
    const made = await api("POST", "/bookings", { key, body: { roomTypeId: roomType.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST } });
    expect(made.status, made.text).toBe(201);
    const waiting = await pullBoth(cache);
    expect(waiting.roomTypes.find((r) => r.roomTypeId === roomType.id)!.nights[2]!.availableRooms).toBe(
      before.roomTypes.find((r) => r.roomTypeId === roomType.id)!.nights[2]!.availableRooms - 1,
    );
    const old = await version();
    expect(await raise()).toBeGreaterThan(0);
    // The copy catches up with the round: it dropped the booking's nights and read them again.
    await pullBoth(cache);
    expect(cache.versionOf(hotel.property.id)).not.toBe(old);
    expect(kept(cache, await version())).toBe(true);
  });

  it("answers rates, rooms and restrictions set in the panel at once, and after their events", async () => {
    const cache = new RatesNightCache(1024 * 1024);
    const roomType = hotel.roomTypes[1]!;
    await pullBoth(cache);
    await setRates(database().db, { roomTypeId: roomType.id, from: range.from, to: addDays(range.from, 4), price: 31_337, minStay: 2, closedToArrival: true });
    const waiting = await pullBoth(cache);
    expect(waiting.roomTypes.find((r) => r.roomTypeId === roomType.id)!.nights[4]).toMatchObject({ amount: 31_337, minStay: 2, closedToArrival: true });
    await raise();
    await pullBoth(cache);
    await setRates(database().db, { roomTypeId: roomType.id, from: range.from, to: range.from, rooms: 0 });
    await raise();
    // Read at the old version, the copy is not served once the events are out: the night is sold out.
    const after = await pullBoth(cache);
    expect(after.roomTypes.find((r) => r.roomTypeId === roomType.id)!.nights[0]!.availableRooms).toBe(0);
  });

  it("drops the whole copy when the rounds since it are no longer kept", async () => {
    const cache = new RatesNightCache(1024 * 1024);
    const roomType = hotel.roomTypes[0]!;
    await pullBoth(cache);
    await setRates(database().db, { roomTypeId: roomType.id, from: range.to, to: range.to, price: 27_182 });
    await raise();
    await database().db.ariRound.deleteMany({ where: { propertyId: hotel.property.id } });
    const after = await pullBoth(cache);
    expect(after.roomTypes.find((r) => r.roomTypeId === roomType.id)!.nights.at(-1)!.amount).toBe(27_182);
  });

  it("under concurrent bookings and pulls (parallel connections), each pull shows each booked night before or after its bookings, and every pull after the last booking answers the final nights", async () => {
    const cache = new RatesNightCache(8 * 1024 * 1024);
    const roomType = hotel.roomTypes[0]!;
    const nights = Array.from({ length: 12 }, (_, i) => addDays(range.from, 15 + (i % 6))); // 6 nights, 2 bookings each
    const booked = [...new Set(nights)];
    const before = await pullBoth(cache);
    const [made, reads] = await Promise.all([
      Promise.all(
        nights.map((checkin, i) =>
          api("POST", "/bookings", { key, body: { roomTypeId: roomType.id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: GUEST, externalReference: `race-${i}` } }),
        ),
      ),
      Promise.all(Array.from({ length: 12 }, () => readRatesJson(database().db, hotel.property, range, cache))),
      raise(),
    ]);
    made.forEach((answer, i) => {
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toMatchObject({ status: "confirmed", roomTypeId: roomType.id, checkin: nights[i], checkout: addDays(nights[i]!, 1), externalReference: `race-${i}`, guest: GUEST });
    });

    const night = (view: RatesView, date: string) => view.roomTypes.find((r) => r.roomTypeId === roomType.id)!.nights.find((n) => n.date === date)!;
    /** `view` with the booked nights' available rooms left out: what no booking here may change. */
    const unbooked = (view: RatesView) => ({
      ...view,
      roomTypes: view.roomTypes.map((r) => (r.roomTypeId !== roomType.id ? r : { ...r, nights: r.nights.map((n) => (booked.includes(n.date) ? { ...n, availableRooms: null } : n)) })),
    });
    for (const json of reads) {
      const read = JSON.parse(json) as RatesView;
      expect(unbooked(read)).toEqual(unbooked(before));
      // Each booked night as some moment of the race left it: none, one or both of its 2 bookings.
      for (const date of booked) expect([0, 1, 2].map((n) => night(before, date).availableRooms - n)).toContain(night(read, date).availableRooms);
    }

    const final = structuredClone(before);
    for (const date of booked) night(final, date).availableRooms -= 2;
    expect(await pullBoth(cache)).toEqual(final);
    await raise();
    expect(await pullBoth(cache)).toEqual(final);
  });
});
