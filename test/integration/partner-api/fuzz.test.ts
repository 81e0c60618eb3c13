import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { partnerFixture } from "../../support/partner-fixtures";

/**
 * Generated garbage at the endpoints that take the most input (searching, booking, changing):
 * whatever arrives, the answer is never a 5xx, and every error is problem+json (the OpenAPI
 * check in api() also holds each response to the document); a refused change stores nothing.
 */
const database = setupTestDatabase();
let key: string;
let roomTypeId: string;
let stay: { checkin: string; checkout: string };
let ratePlanIds: string[];

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  const hotel = await partnerFixture(database().db, { plan: "pro" });
  key = hotel.writeKey!.key;
  roomTypeId = hotel.roomTypes[0]!.id;
  stay = hotel.stay;
  // Rate plans and stay restrictions (issue 22): a non-refundable plan sold for the first room type only, a min stay and closed dates.
  const db = database().db;
  const onlyFirst = await createRatePlan(db, { propertyId: hotel.property.id, actor: TEST_ACTOR, name: "Non-refundable", priceRule: { percent: -10 }, cancellationPolicy: { type: "non_refundable" }, roomTypeIds: [roomTypeId] });
  const standard = await db.ratePlan.findFirstOrThrow({ where: { propertyId: hotel.property.id, standard: true } });
  ratePlanIds = [onlyFirst.id, standard.id];
  await setRates(db, { roomTypeId, from: stay.checkin, to: stay.checkin, minStay: 2, closedToDeparture: true });
  await setRates(db, { roomTypeId, from: stay.checkout, to: stay.checkout, closedToArrival: true, maxStay: 3 });
});

const ratePlanId = () => fc.oneof(fc.constantFrom(...ratePlanIds), fc.constant("rp_00000000000000000000"), fc.string(), anyJson);

const dateLike = fc.oneof(
  fc.date({ min: new Date("1990-01-01"), max: new Date("2040-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.string(),
  fc.constantFrom("2026-02-30", "2026-13-01", "0000-00-00", "9999-12-31", "", "2026-1-1", "２０２６-01-01"),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** The booking, its history and the nights' counters: what a refused change must leave as it was. */
async function storedBooking(id: string) {
  const { db } = database();
  return {
    booking: await db.booking.findUniqueOrThrow({ where: { id } }),
    history: await db.bookingHistoryEntry.count({ where: { bookingId: id } }),
    sold: await db.roomNight.aggregate({ _sum: { roomsSold: true } }),
  };
}

function expectWellFormed(response: { status: number; headers: Headers; body: any }) {
  expect(response.status).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(typeof response.body.code).toBe("string");
  }
}

describe("generated input", () => {
  it("GET /availability never answers 5xx", async () => {
    const param = fc.oneof(dateLike, fc.integer().map(String), fc.string());
    await fc.assert(
      fc.asyncProperty(
        fc.record({ checkin: param, checkout: param, adults: param, ratePlanId: fc.oneof(fc.constantFrom(...ratePlanIds), fc.string()) }, { requiredKeys: [] }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string(), { maxKeys: 2 }),
        async (known, extra) => {
          const query = new URLSearchParams({ ...extra, ...known }).toString();
          expectWellFormed(await api("GET", `/availability?${query}`, { key }));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("POST /bookings never answers 5xx, whatever the body", async () => {
    const guest = fc.record(
      { firstName: fc.oneof(fc.string(), anyJson), lastName: fc.oneof(fc.string(), anyJson), email: fc.oneof(fc.emailAddress(), fc.string(), anyJson) },
      { requiredKeys: [] },
    );
    const booking = fc.record(
      {
        roomTypeId: fc.oneof(fc.constant(roomTypeId), fc.string(), anyJson),
        checkin: fc.oneof(fc.constant(stay.checkin), dateLike, anyJson),
        checkout: fc.oneof(fc.constant(stay.checkout), dateLike, anyJson),
        adults: fc.oneof(fc.integer({ min: -2, max: 25 }), fc.double(), anyJson),
        guest: fc.oneof(guest, anyJson),
        externalReference: fc.oneof(fc.string(), anyJson),
        ratePlanId: ratePlanId(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(booking, anyJson), fc.option(fc.string({ maxLength: 300 })), async (body, idempotencyKey) => {
        const headers: Record<string, string> = {};
        if (idempotencyKey !== null) headers["idempotency-key"] = idempotencyKey.replace(/[\r\n\0]/g, "");
        expectWellFormed(await api("POST", "/bookings", { key, body, headers }));
      }),
      { numRuns: 150 },
    );
  });

  it("PATCH /bookings/{id} never answers 5xx, whatever the body and query, and a refusal changes nothing", async () => {
    const made = await api("POST", "/bookings", { key, body: { roomTypeId, ...stay, adults: 1, guest: { firstName: "Ana", lastName: "Silva", email: "ana@example.com" } } });
    expect(made.status).toBe(201);
    const path = `/bookings/${made.body.id}`;
    const change = fc.record(
      {
        checkin: fc.oneof(fc.constant(stay.checkin), dateLike, anyJson),
        checkout: fc.oneof(fc.constant(stay.checkout), dateLike, anyJson),
        roomTypeId: fc.oneof(fc.constant(roomTypeId), fc.string(), anyJson),
        adults: fc.oneof(fc.integer({ min: -2, max: 25 }), fc.double(), anyJson),
        guest: fc.oneof(fc.record({ firstName: fc.oneof(fc.string(), anyJson), email: fc.oneof(fc.emailAddress(), fc.string(), anyJson) }, { requiredKeys: [] }), anyJson),
        externalReference: fc.oneof(fc.string(), fc.constant(null), anyJson),
        ratePlanId: ratePlanId(),
        expectedPrice: fc.oneof(fc.record({ amount: fc.oneof(fc.integer(), fc.double(), anyJson), currency: fc.oneof(fc.constant("EUR"), fc.string(), anyJson) }), anyJson),
      },
      { requiredKeys: [] },
    );
    const query = fc.oneof(fc.constant(""), fc.constantFrom("?dryRun=true", "?dryRun=false", "?dryRun=1", "?dryRun=", "?dryrun=true", "?dryRun=true&dryRun=false"));
    await fc.assert(
      fc.asyncProperty(fc.oneof(change, anyJson), query, fc.option(fc.string({ maxLength: 300 })), async (body, search, idempotencyKey) => {
        const headers: Record<string, string> = {};
        if (idempotencyKey !== null) headers["idempotency-key"] = idempotencyKey.replace(/[\r\n\0]/g, "");
        const before = await storedBooking(made.body.id);
        const response = await api("PATCH", `${path}${search}`, { key, body, headers });
        expectWellFormed(response);
        if (response.status >= 400 || search === "?dryRun=true") expect(await storedBooking(made.body.id)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it("GET /rates and GET /rate-plans never answer 5xx", async () => {
    const param = fc.oneof(dateLike, fc.string());
    await fc.assert(
      fc.asyncProperty(
        fc.record({ from: param, to: param, roomTypeId: fc.oneof(fc.constant(roomTypeId), fc.string()), ratePlanId: fc.oneof(fc.constantFrom(...ratePlanIds), fc.string()) }, { requiredKeys: [] }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string(), { maxKeys: 2 }),
        async (known, extra) => {
          expectWellFormed(await api("GET", `/rates?${new URLSearchParams({ ...extra, ...known })}`, { key }));
          expectWellFormed(await api("GET", `/rate-plans?${new URLSearchParams(extra)}`, { key }));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("POST /bookings never answers 5xx to raw bytes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.constantFrom("application/json", "text/plain", "application/json; charset=utf-8"), async (raw, type) => {
        expectWellFormed(await api("POST", "/bookings", { key, rawBody: raw, headers: { "content-type": type } }));
      }),
      { numRuns: 100 },
    );
  });
});
