import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { searchAvailability } from "@/lib/availability/search-availability";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { changeBooking } from "@/lib/bookings/change-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { fixedClock } from "@/lib/clock";
import { addDays, dateInTimeZone } from "@/lib/dates/calendar-date";
import { isDomainError } from "@/lib/errors";
import { createRatePlan, deactivateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { listRatePlans } from "@/lib/rate-plans/list-rate-plans";
import { ratePlanPrice } from "@/lib/rate-plans/rate-plan-price";
import { readRatesJson } from "@/lib/rates/read-rates";
import type { RatesView } from "@/lib/schemas/rates";
import { setRates } from "@/lib/rates/set-rates";
import { setupTestDatabase } from "../support/database";
import { seedHotel } from "../support/hotel";

/**
 * Rate plans (issue 22) on real PostgreSQL: pricing (rate_plan_price), cancellation terms
 * (cancellation_terms) and fees, as availability, bookings, changes and cancellations see them.
 */
const database = setupTestDatabase();
const GUEST = { firstName: "Ana", lastName: "Silva", email: "ana@example.com" };
const NON_REFUNDABLE = { type: "non_refundable" } as const;

async function hotel(options: { currency?: string; timezone?: string; prices?: number[]; clock?: ReturnType<typeof fixedClock> } = {}) {
  const { prices = [10_000, 20_000], ...spec } = options;
  const { property, roomTypes } = await seedHotel(database().db, Object.fromEntries(prices.map((basePrice, i) => [`Room ${i}`, { rooms: 3, basePrice }])), spec);
  return { property, roomTypes: Object.values(roomTypes) };
}

function plan(propertyId: string, fields: Partial<Parameters<typeof createRatePlan>[1]> = {}) {
  return createRatePlan(database().db, {
    propertyId,
    actor: TEST_ACTOR,
    name: "Non-refundable",
    priceRule: { percent: -10 },
    cancellationPolicy: NON_REFUNDABLE,
    ...fields,
  });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isDomainError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message, problem: error.details.problem as Record<string, unknown> | undefined };
}

describe("pricing under a rate plan", () => {
  it("rounds a percentage half up to the minor unit, per night, in a zero-decimal currency (JPY)", async () => {
    const { property, roomTypes } = await hotel({ currency: "JPY", prices: [1_005] });
    const today = dateInTimeZone(new Date(), "UTC");
    const checkin = addDays(today, 5);
    await setRates(database().db, { roomTypeId: roomTypes[0]!.id, from: addDays(checkin, 1), to: addDays(checkin, 1), price: 9_999 });
    const minus = await plan(property.id, { name: "Save 10 %", priceRule: { percent: -10 } });
    const plus = await plan(property.id, { name: "Breakfast +15 %", priceRule: { percent: 15 }, cancellationPolicy: { type: "free_until", daysBefore: 2, fee: "first_night" } });

    const view = await searchAvailability(database().db, property, { checkin, checkout: addDays(checkin, 2), adults: 1 });
    const offers = Object.fromEntries(view.roomTypes[0]!.offers.map((offer) => [offer.ratePlanId, offer]));
    // 1,005 × 0.9 = 904.5 → 905; 9,999 × 0.9 = 8,999.1 → 8,999; 1,005 × 1.15 = 1,155.75 → 1,156; 9,999 × 1.15 = 11,498.85 → 11,499.
    expect(offers[minus.id]!.nightly.map((n) => n.amount)).toEqual([905, 8_999]);
    expect(offers[minus.id]!.price).toEqual({ amount: 9_904, currency: "JPY" });
    expect(offers[plus.id]!.nightly.map((n) => n.amount)).toEqual([1_156, 11_499]);
    // The room type's own price stays the Standard plan's (the nights' rates), for v1 clients; offers come cheapest first.
    expect(view.roomTypes[0]!.price).toEqual({ amount: 11_004, currency: "JPY" });
    expect(view.roomTypes[0]!.offers.map((offer) => offer.name)).toEqual(["Save 10 %", "Standard", "Breakfast +15 %"]);

    const { booking } = unlessRefused(await createBooking(database().db, {
      property,
      actor: TEST_ACTOR,
      input: { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST, ratePlanId: minus.id },
    }));
    expect(booking.nightly.map((n) => n.amount)).toEqual([905, 8_999]);
    expect(booking.price).toEqual({ amount: 9_904, currency: "JPY" });
    expect(booking.ratePlan).toEqual({ id: minus.id, name: "Save 10 %" });
  });

  it("adds or takes off a fixed amount per night in a two-decimal currency, never below zero", async () => {
    const { property, roomTypes } = await hotel({ prices: [10_050] });
    const checkin = addDays(dateInTimeZone(new Date(), "UTC"), 3);
    const cheaper = await plan(property.id, { name: "Members", priceRule: { amount: -1_025 } });
    const free = await plan(property.id, { name: "Staff", priceRule: { amount: -50_000 } });
    const view = await searchAvailability(database().db, property, { checkin, checkout: addDays(checkin, 2), adults: 1 });
    const byId = Object.fromEntries(view.roomTypes[0]!.offers.map((offer) => [offer.ratePlanId, offer]));
    expect(byId[cheaper.id]!.nightly.map((n) => n.amount)).toEqual([9_025, 9_025]);
    expect(byId[free.id]!.price).toEqual({ amount: 0, currency: "EUR" });
    void roomTypes;
  });

  it("prices offers in code exactly as the database prices bookings: every percentage, amounts and rates up to the largest price", async () => {
    const rates = [0, 1, 49, 50, 51, 99, 101, 1_005, 9_999, 10_050, 123_457, 99_999_999, 100_000_000];
    const rules = [
      ...Array.from({ length: 291 }, (_, i) => ({ percent: i - 90, amount: null })),
      ...[-100_000_000, -10_051, -10_050, -1, 1, 2_500, 100_000_000].map((amount) => ({ percent: null, amount })),
      { percent: null, amount: null },
    ];
    const cases = rates.flatMap((rate) => rules.map((rule) => ({ rate, ...rule })));
    const rows = await database().db.$queryRawUnsafe<{ price: number }[]>(
      "SELECT rate_plan_price(c.rate, c.percent, c.amount) AS price FROM unnest($1::int[], $2::int[], $3::int[]) WITH ORDINALITY AS c(rate, percent, amount, i) ORDER BY c.i",
      cases.map((c) => c.rate),
      cases.map((c) => c.percent),
      cases.map((c) => c.amount),
    );
    expect(cases.map((c) => ratePlanPrice(c.rate, c))).toEqual(rows.map((row) => row.price));
  });

  it("offers a plan sold for some room types only with those, and refuses it for the others", async () => {
    const { property, roomTypes } = await hotel();
    const [small, large] = roomTypes as [(typeof roomTypes)[0], (typeof roomTypes)[0]];
    const onlyLarge = await plan(property.id, { roomTypeIds: [large.id] });
    const checkin = addDays(dateInTimeZone(new Date(), "UTC"), 4);
    const view = await searchAvailability(database().db, property, { checkin, checkout: addDays(checkin, 1), adults: 1 });
    const plansOf = (id: string) => view.roomTypes.find((r) => r.roomTypeId === id)!.offers.map((offer) => offer.ratePlanId);
    expect(plansOf(large.id)).toContain(onlyLarge.id);
    expect(plansOf(small.id)).not.toContain(onlyLarge.id);

    const filtered = await searchAvailability(database().db, property, { checkin, checkout: addDays(checkin, 1), adults: 1, ratePlanId: onlyLarge.id });
    expect(filtered.roomTypes.map((r) => r.roomTypeId)).toEqual([large.id]);
    expect(filtered.roomTypes[0]!.offers.map((offer) => offer.ratePlanId)).toEqual([onlyLarge.id]);

    const refused = await refusal(
      createBooking(database().db, { property, actor: TEST_ACTOR, input: { roomTypeId: small.id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: GUEST, ratePlanId: onlyLarge.id } }).then(unlessRefused),
    );
    expect(refused.code).toBe("unknown_rate_plan");
    expect(refused.message).toContain("Room 0");
    const rates = JSON.parse(await readRatesJson(database().db, property, { from: checkin, to: checkin, ratePlanId: onlyLarge.id })) as RatesView;
    expect(rates.roomTypes.map((r) => r.roomTypeId)).toEqual([large.id]);
    expect(rates.roomTypes[0]!.nights[0]!.amount).toBe(18_000);
  });

  it("no longer offers or sells a deactivated plan; its bookings keep their terms, and the Standard plan cannot be deactivated", async () => {
    const { property, roomTypes } = await hotel();
    const nonRefundable = await plan(property.id);
    const checkin = addDays(dateInTimeZone(new Date(), "UTC"), 6);
    const input = { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST, ratePlanId: nonRefundable.id };
    const { booking } = unlessRefused(await createBooking(database().db, { property, actor: TEST_ACTOR, input }));
    await deactivateRatePlan(database().db, { id: nonRefundable.id, propertyId: property.id, actor: TEST_ACTOR });

    const view = await searchAvailability(database().db, property, { checkin, checkout: addDays(checkin, 2), adults: 1 });
    expect(view.roomTypes[0]!.offers.map((offer) => offer.name)).toEqual(["Standard"]);
    expect((await refusal(createBooking(database().db, { property, actor: TEST_ACTOR, input: { ...input, checkin: addDays(checkin, 3), checkout: addDays(checkin, 4) } }).then(unlessRefused))).code).toBe(
      "unknown_rate_plan",
    );
    expect((await refusal(searchAvailability(database().db, property, { checkin, checkout: addDays(checkin, 1), adults: 1, ratePlanId: nonRefundable.id }))).code).toBe("unknown_rate_plan");
    const stored = await database().db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(stored.ratePlanId).toBe(nonRefundable.id);

    const plans = await listRatePlans(database().db, property.id);
    expect(plans.map((p) => [p.name, p.active])).toEqual([
      ["Standard", true],
      ["Non-refundable", false],
    ]);
    const standard = plans[0]!;
    expect(standard.cancellationPolicy).toEqual({ type: "free_until", daysBefore: 0, fee: "first_night" });
    expect((await refusal(deactivateRatePlan(database().db, { id: standard.id, propertyId: property.id, actor: TEST_ACTOR }))).code).toBe("conflict");
  });
});

describe("cancellation terms and fees", () => {
  it("at a property far from UTC (Pacific/Auckland): free until the end of the free day at the property, the first night's fee from its next midnight", async () => {
    // 10:00 in Auckland on 1 December 2026 (NZDT, UTC+13) is 21:00 UTC on 30 November.
    const madeAt = new Date("2026-11-30T21:00:00.000Z");
    const { property, roomTypes } = await hotel({ timezone: "Pacific/Auckland", clock: fixedClock(madeAt) });
    const flexible = await plan(property.id, { name: "Flexible", priceRule: null, cancellationPolicy: { type: "free_until", daysBefore: 3, fee: "first_night" } });
    await setRates(database().db, { roomTypeId: roomTypes[0]!.id, from: "2026-12-10", to: "2026-12-10", price: 12_500 });
    const input = { roomTypeId: roomTypes[0]!.id, checkin: "2026-12-10", checkout: "2026-12-12", adults: 1, guest: GUEST, ratePlanId: flexible.id };

    const offers = await searchAvailability(database().db, property, input, fixedClock(madeAt));
    const offer = offers.roomTypes[0]!.offers.find((o) => o.ratePlanId === flexible.id)!;
    // Free until 7 December at the property; the fee from midnight starting 8 December in Auckland = 11:00 UTC on 7 December.
    const terms = { refundable: true, freeUntil: "2026-12-07", feeFrom: "2026-12-07T11:00:00.000Z", fee: { amount: 12_500, currency: "EUR" } };
    expect(offer.cancellation).toEqual(terms);

    const { booking } = unlessRefused(await createBooking(database().db, { property, actor: TEST_ACTOR, input, clock: fixedClock(madeAt) }));
    expect(booking.cancellation).toEqual(terms);
    const second = (unlessRefused(await createBooking(database().db, { property, actor: TEST_ACTOR, input, clock: fixedClock(madeAt) }))).booking;

    // One millisecond before midnight at the property: free. At midnight: the first night.
    const justBefore = unlessRefused(await cancelBooking(database().db, { property, bookingId: booking.id, actor: TEST_ACTOR, clock: fixedClock(new Date("2026-12-07T10:59:59.999Z")) })).booking;
    expect(justBefore.cancellationFee).toEqual({ amount: 0, currency: "EUR" });
    const atMidnight = unlessRefused(await cancelBooking(database().db, { property, bookingId: second.id, actor: TEST_ACTOR, clock: fixedClock(new Date("2026-12-07T11:00:00.000Z")) })).booking;
    expect(atMidnight.cancellationFee).toEqual({ amount: 12_500, currency: "EUR" });

    const event = await database().db.event.findFirstOrThrow({ where: { bookingId: second.id, type: "booking.cancelled" } });
    expect((event.data as { booking: { cancellationFee: unknown } }).booking.cancellationFee).toEqual({ amount: 12_500, currency: "EUR" });
    const stored = await database().db.booking.findUniqueOrThrow({ where: { id: second.id } });
    expect(stored.cancellationFee).toBe(12_500);
  });

  it("non-refundable: the whole stay from the moment of booking, carried in the event", async () => {
    const { property, roomTypes } = await hotel();
    const nonRefundable = await plan(property.id);
    const checkin = addDays(dateInTimeZone(new Date(), "UTC"), 20);
    const { booking } = unlessRefused(await createBooking(database().db, {
      property,
      actor: TEST_ACTOR,
      input: { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 3), adults: 1, guest: GUEST, ratePlanId: nonRefundable.id },
    }));
    expect(booking.cancellation).toEqual({ refundable: false, freeUntil: null, feeFrom: null, fee: { amount: 27_000, currency: "EUR" } });
    const created = await database().db.event.findFirstOrThrow({ where: { bookingId: booking.id, type: "booking.created" } });
    expect((created.data as { booking: unknown }).booking).toMatchObject({ ratePlan: booking.ratePlan, cancellation: booking.cancellation, price: booking.price });

    const cancelled = unlessRefused(await cancelBooking(database().db, { property, bookingId: booking.id, actor: TEST_ACTOR })).booking;
    expect(cancelled.cancellationFee).toEqual({ amount: 27_000, currency: "EUR" });
    const event = await database().db.event.findFirstOrThrow({ where: { bookingId: booking.id, type: "booking.cancelled" } });
    expect((event.data as { booking: unknown }).booking).toMatchObject({ cancellationFee: { amount: 27_000, currency: "EUR" } });
  });

  it("the Standard plan (no ratePlanId, as v1 clients book) is free until the check-in date, promises no fee it could never charge, and costs nothing to cancel", async () => {
    const { property, roomTypes } = await hotel();
    const checkin = addDays(dateInTimeZone(new Date(), "UTC"), 2);
    const { booking } = unlessRefused(await createBooking(database().db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: GUEST } }));
    expect(booking.ratePlan.name).toBe("Standard");
    // Cancelling closes at the end of the check-in date (booking_not_cancellable after it): no fee can ever apply.
    expect(booking.cancellation).toEqual({ refundable: true, freeUntil: checkin, feeFrom: null, fee: { amount: 0, currency: "EUR" } });
    expect(booking.price).toEqual({ amount: 10_000, currency: "EUR" });
    expect((unlessRefused(await cancelBooking(database().db, { property, bookingId: booking.id, actor: TEST_ACTOR })).booking).cancellationFee).toEqual({ amount: 0, currency: "EUR" });
  });

  it("one model everywhere: a booking can be cancelled until the end of its check-in date; a fee applies only from its free period's end until then", async () => {
    const { property, roomTypes } = await hotel();
    const flexible = await plan(property.id, { name: "Flexible", priceRule: null, cancellationPolicy: { type: "free_until", daysBefore: 3, fee: "first_night" } });
    const today = dateInTimeZone(new Date(), "UTC");
    const checkin = addDays(today, 10);
    // Offers say the same as the bookings they become: the Standard plan no fee at all, the flexible one its fee from 3 days before.
    const view = await searchAvailability(database().db, property, { checkin, checkout: addDays(checkin, 1), adults: 1 });
    const offers = Object.fromEntries(view.roomTypes[0]!.offers.map((offer) => [offer.name, offer.cancellation]));
    expect(offers.Standard).toEqual({ refundable: true, freeUntil: checkin, feeFrom: null, fee: { amount: 0, currency: "EUR" } });
    expect(offers.Flexible).toEqual({ refundable: true, freeUntil: addDays(checkin, -3), feeFrom: `${addDays(checkin, -2)}T00:00:00.000Z`, fee: { amount: 10_000, currency: "EUR" } });

    const book = async (ratePlanId?: string) =>
      (unlessRefused(await createBooking(database().db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: GUEST, ratePlanId } }))).booking;
    const onCheckinDay = fixedClock(new Date(`${checkin}T20:00:00.000Z`));
    const dayAfter = fixedClock(new Date(`${addDays(checkin, 1)}T08:00:00.000Z`));
    // On the check-in day the flexible plan's fee is really charged; the day after, nothing can be cancelled.
    const flexibleBooking = await book(flexible.id);
    expect(flexibleBooking.cancellation).toEqual(offers.Flexible);
    expect((unlessRefused(await cancelBooking(database().db, { property, bookingId: flexibleBooking.id, actor: TEST_ACTOR, clock: onCheckinDay })).booking).cancellationFee).toEqual({ amount: 10_000, currency: "EUR" });
    const standardBooking = await book();
    expect(standardBooking.cancellation).toEqual(offers.Standard);
    expect((await refusal(cancelBooking(database().db, { property, bookingId: standardBooking.id, actor: TEST_ACTOR, clock: dayAfter }).then(unlessRefused).then((done) => done.booking))).code).toBe("booking_not_cancellable");
    expect((unlessRefused(await cancelBooking(database().db, { property, bookingId: standardBooking.id, actor: TEST_ACTOR, clock: onCheckinDay })).booking).cancellationFee).toEqual({ amount: 0, currency: "EUR" });
  });

  it("a change to another plan prices every night with it and takes its terms; keeping the plan keeps the booked nights' amounts", async () => {
    const { property, roomTypes } = await hotel();
    const nonRefundable = await plan(property.id);
    const checkin = addDays(dateInTimeZone(new Date(), "UTC"), 8);
    const { booking } = unlessRefused(await createBooking(database().db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST } }));
    await setRates(database().db, { roomTypeId: roomTypes[0]!.id, from: checkin, to: addDays(checkin, 5), price: 12_000 });

    const longer = await changeBooking(database().db, { property, actor: TEST_ACTOR, bookingId: booking.id, request: { checkout: addDays(checkin, 3) } });
    if (longer.kind !== "changed") throw new Error(longer.kind);
    expect(longer.booking.nightly.map((n) => n.amount)).toEqual([10_000, 10_000, 12_000]);
    expect(longer.booking.ratePlan.name).toBe("Standard");

    const switched = await changeBooking(database().db, { property, actor: TEST_ACTOR, bookingId: booking.id, request: { ratePlanId: nonRefundable.id } });
    if (switched.kind !== "changed") throw new Error(switched.kind);
    expect(switched.changed).toEqual(["ratePlanId"]);
    expect(switched.booking.nightly.map((n) => n.amount)).toEqual([10_800, 10_800, 10_800]);
    expect(switched.booking.ratePlan).toEqual({ id: nonRefundable.id, name: "Non-refundable" });
    expect(switched.booking.cancellation).toEqual({ refundable: false, freeUntil: null, feeFrom: null, fee: { amount: 32_400, currency: "EUR" } });
    const event = await database().db.event.findFirstOrThrow({ where: { bookingId: booking.id, type: "booking.changed" }, orderBy: { sequence: "desc" } });
    expect((event.data as { previous: unknown }).previous).toMatchObject({ ratePlan: { name: "Standard" }, cancellation: { refundable: true } });
  });
});

describe("stay restrictions", () => {
  async function restricted() {
    const { property, roomTypes } = await hotel({ prices: [10_000] });
    const room = roomTypes[0]!;
    const arrival = addDays(dateInTimeZone(new Date(), "UTC"), 10);
    const book = (checkin: string, checkout: string) =>
      createBooking(database().db, { property, actor: TEST_ACTOR, input: { roomTypeId: room.id, checkin, checkout, adults: 1, guest: GUEST } }).then(unlessRefused);
    const offered = async (checkin: string, checkout: string) => (await searchAvailability(database().db, property, { checkin, checkout, adults: 1 })).roomTypes.length > 0;
    return { property, room, arrival, book, offered };
  }

  it("min stay: met exactly is booked, one night short is refused naming the rule, the date and the value", async () => {
    const { room, arrival, book, offered } = await restricted();
    await setRates(database().db, { roomTypeId: room.id, from: arrival, to: arrival, minStay: 3 });
    expect(await offered(arrival, addDays(arrival, 2))).toBe(false);
    expect(await offered(arrival, addDays(arrival, 3))).toBe(true);
    // The rule is read on the arrival night only: a stay arriving the day before is not bound by it.
    expect(await offered(addDays(arrival, -1), arrival)).toBe(true);
    const refused = await refusal(book(arrival, addDays(arrival, 2)));
    expect(refused).toEqual({
      code: "stay_restricted",
      message: `Stays arriving on ${arrival} must be at least 3 nights.`,
      problem: { restriction: { rule: "min_stay", date: arrival, value: 3 } },
    });
    expect((await book(arrival, addDays(arrival, 3))).booking.nights).toBe(3);
  });

  it("max stay: one night over is refused", async () => {
    const { room, arrival, book, offered } = await restricted();
    await setRates(database().db, { roomTypeId: room.id, from: arrival, to: arrival, maxStay: 2 });
    expect(await offered(arrival, addDays(arrival, 3))).toBe(false);
    expect((await refusal(book(arrival, addDays(arrival, 3)))).problem).toEqual({ restriction: { rule: "max_stay", date: arrival, value: 2 } });
    expect((await book(arrival, addDays(arrival, 2))).booking.nights).toBe(2);
  });

  it("closed to arrival on the check-in date, closed to departure on the check-out date; a stay through those dates is fine", async () => {
    const { room, arrival, book, offered } = await restricted();
    await setRates(database().db, { roomTypeId: room.id, from: arrival, to: arrival, closedToArrival: true, closedToDeparture: true });
    expect(await offered(arrival, addDays(arrival, 1))).toBe(false);
    expect(await offered(addDays(arrival, -1), arrival)).toBe(false);
    expect(await offered(addDays(arrival, -1), addDays(arrival, 1))).toBe(true);
    expect((await refusal(book(arrival, addDays(arrival, 1)))).message).toBe(`No arrivals on ${arrival}: the hotel does not take check-ins that day.`);
    expect((await refusal(book(addDays(arrival, -2), arrival))).problem).toEqual({ restriction: { rule: "closed_to_departure", date: arrival, value: true } });
    expect((await book(addDays(arrival, -1), addDays(arrival, 1))).booking.nights).toBe(2);
  });

  it("a change is held to the rules of what it moves: a shorter stay under a min stay is refused, a new guest name is not", async () => {
    const { property, room, arrival, book } = await restricted();
    const { booking } = await book(arrival, addDays(arrival, 3));
    await setRates(database().db, { roomTypeId: room.id, from: arrival, to: arrival, minStay: 3 });
    const shorter = await changeBooking(database().db, { property, actor: TEST_ACTOR, bookingId: booking.id, request: { checkout: addDays(arrival, 2) } });
    expect(shorter).toEqual({ kind: "stay_restricted", restriction: { rule: "min_stay", date: arrival, value: 3 } });
    const renamed = await changeBooking(database().db, { property, actor: TEST_ACTOR, bookingId: booking.id, request: { guest: { lastName: "Costa" } } });
    expect(renamed.kind).toBe("changed");
  });

  it("GET /rates shows each night's restrictions", async () => {
    const { property, room, arrival } = await restricted();
    await setRates(database().db, { roomTypeId: room.id, from: arrival, to: addDays(arrival, 1), minStay: 2, maxStay: 7, closedToDeparture: true });
    const rates = JSON.parse(await readRatesJson(database().db, property, { from: arrival, to: addDays(arrival, 2) })) as RatesView;
    expect(rates.roomTypes[0]!.nights.map(({ minStay, maxStay, closedToArrival, closedToDeparture }) => ({ minStay, maxStay, closedToArrival, closedToDeparture }))).toEqual([
      { minStay: 2, maxStay: 7, closedToArrival: false, closedToDeparture: true },
      { minStay: 2, maxStay: 7, closedToArrival: false, closedToDeparture: true },
      { minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false },
    ]);
  });
});
