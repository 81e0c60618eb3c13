import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { addDays } from "@/lib/dates/calendar-date";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import type { RatePlan } from "@/lib/generated/prisma/client";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

/**
 * Rate plans, offers, restrictions and fees through the partner API (issue 22): what a partner
 * sends and reads. api() holds every response to the OpenAPI document.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let other: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
let nonRefundable: RatePlan;
let othersPlan: RatePlan;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  const { db } = database();
  hotel = await partnerFixture(db);
  other = await partnerFixture(db, { name: "Other Hotel" });
  key = hotel.writeKey!.key;
  nonRefundable = await createRatePlan(db, {
    propertyId: hotel.property.id,
    actor: TEST_ACTOR,
    name: "Non-refundable",
    description: "Save 10 %, no refund.",
    priceRule: { percent: -10 },
    cancellationPolicy: { type: "non_refundable" },
  });
  othersPlan = await createRatePlan(db, { propertyId: other.property.id, actor: TEST_ACTOR, name: "Theirs", priceRule: null, cancellationPolicy: { type: "non_refundable" } });
});

describe("GET /rate-plans", () => {
  it("lists the property's plans, Standard first, never the price rule nor another property's plans", async () => {
    const response = await api("GET", "/rate-plans", { key: hotel.readKey.key });
    expect(response.status).toBe(200);
    const roomTypeIds = [...hotel.roomTypes].sort((a, b) => a.basePrice - b.basePrice).map((r) => r.id);
    expect(response.body.data).toEqual([
      { id: expect.stringMatching(/^rp_/), name: "Standard", description: "Free cancellation until the day of arrival.", roomTypeIds, cancellationPolicy: { type: "free_until", daysBefore: 0, fee: "first_night" }, active: true },
      { id: nonRefundable.id, name: "Non-refundable", description: "Save 10 %, no refund.", roomTypeIds, cancellationPolicy: { type: "non_refundable" }, active: true },
    ]);
  });
});

describe("offers and bookings with a rate plan", () => {
  it("offers each plan with its price and terms, books the chosen one, and charges its fee on cancelling", async () => {
    const { checkin, checkout } = hotel.stay;
    const search = await api("GET", `/availability?checkin=${checkin}&checkout=${checkout}&adults=2`, { key });
    expect(search.status).toBe(200);
    const double = search.body.roomTypes[0];
    expect(double.offers.map((offer: { name: string }) => offer.name)).toEqual(["Non-refundable", "Standard"]);
    const [cheap, standard] = double.offers;
    expect(standard.price).toEqual(double.price);
    expect(cheap.price).toEqual({ amount: 32_400, currency: "EUR" });
    expect(cheap.cancellation).toEqual({ refundable: false, freeUntil: null, feeFrom: null, fee: { amount: 32_400, currency: "EUR" } });

    const made = await api("POST", "/bookings", {
      key,
      headers: { "idempotency-key": crypto.randomUUID() },
      body: { roomTypeId: double.roomTypeId, checkin, checkout, adults: 2, guest: GUEST, ratePlanId: cheap.ratePlanId },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ratePlan: { id: nonRefundable.id, name: "Non-refundable" }, price: cheap.price, nightly: cheap.nightly, cancellation: cheap.cancellation, cancellationFee: null });

    const cancelled = await api("POST", `/bookings/${made.body.id}/cancel`, { key, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancellationFee).toEqual({ amount: 32_400, currency: "EUR" });
  });

  it("refuses a plan of another property, or a malformed id, as unknown_rate_plan", async () => {
    const { checkin, checkout } = hotel.stay;
    for (const ratePlanId of [othersPlan.id, "rp_bad"]) {
      const refused = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, checkin, checkout, adults: 1, guest: GUEST, ratePlanId } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe("unknown_rate_plan");
    }
    const search = await api("GET", `/availability?checkin=${checkin}&checkout=${checkout}&adults=1&ratePlanId=${othersPlan.id}`, { key });
    expect(search.status).toBe(422);
    expect(search.body.code).toBe("unknown_rate_plan");
  });

  it("answers a stay that breaks a restriction with 409 stay_restricted, naming the rule and date in words and for machines", async () => {
    const arrival = addDays(hotel.today, 30);
    await setRates(database().db, { roomTypeId: hotel.roomTypes[0]!.id, from: arrival, to: arrival, minStay: 3 });
    const refused = await api("POST", "/bookings", {
      key,
      body: { roomTypeId: hotel.roomTypes[0]!.id, checkin: arrival, checkout: addDays(arrival, 2), adults: 1, guest: GUEST },
    });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body).toMatchObject({
      code: "stay_restricted",
      detail: `Stays arriving on ${arrival} must be at least 3 nights.`,
      restriction: { rule: "min_stay", date: arrival, value: 3 },
    });
    const rates = await api("GET", `/rates?from=${arrival}&to=${arrival}&roomTypeId=${hotel.roomTypes[0]!.id}`, { key });
    expect(rates.body.roomTypes[0].nights[0]).toMatchObject({ minStay: 3, maxStay: null, closedToArrival: false, closedToDeparture: false });
    const priced = await api("GET", `/rates?from=${arrival}&to=${arrival}&roomTypeId=${hotel.roomTypes[0]!.id}&ratePlanId=${nonRefundable.id}`, { key });
    expect(priced.body.roomTypes[0].nights[0].amount).toBe(10_800);
  });

  it("changes a booking to another plan with PATCH, re-pricing it", async () => {
    const checkin = addDays(hotel.today, 40);
    const made = await api("POST", "/bookings", { key, body: { roomTypeId: hotel.roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST } });
    expect(made.body.ratePlan.name).toBe("Standard");
    const quote = await api("PATCH", `/bookings/${made.body.id}?dryRun=true`, { key, body: { ratePlanId: nonRefundable.id } });
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ ratePlan: { name: "Non-refundable" }, price: { amount: 21_600 }, cancellation: { refundable: false } });
    const stored = await api("GET", `/bookings/${made.body.id}`, { key });
    expect(stored.body.ratePlan.name).toBe("Standard");
  });
});
