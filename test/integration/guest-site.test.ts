import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/calendar-date";
import { createBooking } from "@/lib/bookings/create-booking";
import { bookStay } from "@/lib/guest-site/book-stay";
import { confirmStayChange, previewStayChange } from "@/lib/guest-site/change-stay";
import { findGuestBooking } from "@/lib/guest-site/find-guest-booking";
import { searchStays } from "@/lib/guest-site/search-stays";
import { PartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import { createPartnerClient, type PartnerClient } from "@/lib/partner-client/partner-client";
import { setRates } from "@/lib/rates/set-rates";
import { guestWords } from "@/lib/i18n/guest-words";

const EN = guestWords("en");
import { createRatePlan, deactivateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setChildAgeBands } from "@/lib/properties/set-child-age-bands";
import { freePort } from "@/scripts/lib/ports";
import { setupTestDatabase } from "../support/database";
import { inProcessFetch, useDatabaseForRoutes } from "../support/partner-api";
import { GUEST, partnerFixture } from "../support/partner-fixtures";

/**
 * The guest site's half of the partner API: the typed client and the site's search, booking
 * and find-your-booking logic, against the real route handlers and database.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let client: PartnerClient;
const BASE = "http://127.0.0.1/partner/v1";

const clientWith = (fetch: typeof globalThis.fetch, apiKey = hotel.writeKey!.key) => createPartnerClient({ baseUrl: BASE, apiKey, fetch, retryDelayMs: 1 });
const stayAt = (offset: number, nights = 2) => ({ checkin: addDays(hotel.today, offset), checkout: addDays(hotel.today, offset + nights) });
const double = () => hotel.roomTypes.find((r) => r.name === "Double")!;
const single = () => hotel.roomTypes.find((r) => r.name === "Single")!;

async function bookingsOf(email: string) {
  return database().db.booking.findMany({ where: { propertyId: hotel.property.id, guestEmail: email } });
}

/** A port on this machine where nothing listens. */
beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db);
  client = clientWith(inProcessFetch);
});

describe("the partner client", () => {
  it("reads and books through the API, with answers checked against the API's schemas", async () => {
    const me = await client.me();
    expect(me.property).toMatchObject({ id: hotel.property.id, today: hotel.today });
    const stay = stayAt(20);
    const availability = await client.availability({ ...stay, adults: 1 });
    expect(availability.roomTypes.map((r) => r.name)).toEqual(["Single", "Double"]); // cheapest first

    const input = { roomTypeId: double().id, ...stay, adults: 2, guest: { ...GUEST, email: "client@example.com" } };
    const first = await client.createBooking(input, "client-test-1");
    expect(first).toMatchObject({ replayed: false, booking: { status: "confirmed", nights: 2 } });
    const again = await client.createBooking(input, "client-test-1");
    expect(again).toMatchObject({ replayed: true, booking: { id: first.booking.id } });
    expect((await client.listBookings({ reference: first.booking.reference })).data.map((b) => b.id)).toEqual([first.booking.id]);
    expect((await client.cancelBooking(first.booking.id, "Plans changed")).status).toBe("cancelled");
    expect(await client.getBooking(first.booking.id)).toMatchObject({ status: "cancelled", cancellationReason: "Plans changed" });
  });

  it("throws PartnerApiError with the problem's code and field errors", async () => {
    const stay = stayAt(20);
    const invalid = await client.availability({ checkin: stay.checkout, checkout: stay.checkin, adults: 1 }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(PartnerApiError);
    expect(invalid).toMatchObject({ status: 400, code: "validation_failed", fieldErrors: [{ field: "checkout", message: "Must be after checkin." }] });
    expect(await clientWith(inProcessFetch, "rbp_not_a_key").me().catch((e: unknown) => e)).toMatchObject({ status: 401, code: "invalid_api_key" });
    expect(await client.getBooking("bk_nope").catch((e: unknown) => e)).toMatchObject({ status: 404, code: "not_found" });
  });

  it("throws PartnerApiUnreachable when nothing answers, or a 5xx comes twice; one 5xx is retried", async () => {
    const port = await freePort();
    const down = createPartnerClient({ baseUrl: `http://127.0.0.1:${port}/partner/v1`, apiKey: hotel.readKey.key, retryDelayMs: 1 });
    await expect(down.me()).rejects.toBeInstanceOf(PartnerApiUnreachable);

    let calls = 0;
    const unavailable = { type: "/docs/errors#service_unavailable", title: "Service Unavailable", status: 503, detail: "Down.", code: "service_unavailable", requestId: "req_1" };
    const failing: typeof fetch = async () => (calls++, Response.json(unavailable, { status: 503 }));
    await expect(clientWith(failing).me()).rejects.toThrow(/503 service_unavailable/);
    expect(calls).toBe(2);

    calls = 0;
    const onceFailing: typeof fetch = async (input, init) => (calls++ === 0 ? Response.json(unavailable, { status: 503 }) : inProcessFetch(input, init));
    expect((await clientWith(onceFailing).me()).property.id).toBe(hotel.property.id);
  });
});

describe("booking a stay from the site", () => {
  it("is booked once when the answer is lost, Book is pressed again with the same key, and the form is sent once more", async () => {
    const guest = { ...GUEST, email: "lost.answer@example.com" };
    const input = { roomTypeId: double().id, ...stayAt(30), adults: 2, guest };
    // The API gets the request and books, but the answer never arrives (both tries).
    const answersLost: typeof fetch = async (url, init) => {
      await inProcessFetch(url, init);
      throw new TypeError("fetch failed: socket hang up");
    };
    const lost = await bookStay(clientWith(answersLost), input, "attempt-lost-1", EN);
    expect(lost).toMatchObject({ kind: "unreachable", message: expect.stringContaining("you will not be booked twice") });
    expect(await bookingsOf(guest.email)).toHaveLength(1);

    const retried = await bookStay(client, input, "attempt-lost-1", EN);
    const resubmitted = await bookStay(client, input, "attempt-lost-1", EN);
    expect(retried).toMatchObject({ kind: "booked", replayed: true });
    expect(resubmitted).toMatchObject({ kind: "booked", replayed: true });
    const [booking] = await bookingsOf(guest.email);
    expect(retried.kind === "booked" && retried.booking.id).toBe(booking!.id);
    expect(await bookingsOf(guest.email)).toHaveLength(1);
  });

  it("books a second room from the same form for another guest (Back, then Book again), and replays the first for the first guest", async () => {
    const stay = { roomTypeId: double().id, ...stayAt(35, 1), adults: 1 };
    const first = { ...GUEST, email: "group.first@example.com" };
    const second = { firstName: "Rui", lastName: "Costa", email: "group.second@example.com" };
    const one = await bookStay(client, { ...stay, guest: first }, "attempt-group", EN);
    const two = await bookStay(client, { ...stay, guest: second }, "attempt-group", EN);
    const oneAgain = await bookStay(client, { ...stay, guest: { ...first } }, "attempt-group", EN);
    expect(one).toMatchObject({ kind: "booked", replayed: false });
    expect(two).toMatchObject({ kind: "booked", replayed: false });
    expect(oneAgain).toMatchObject({ kind: "booked", replayed: true });
    const id = (outcome: typeof one) => (outcome.kind === "booked" ? outcome.booking.id : outcome.kind);
    expect(id(two)).not.toBe(id(one));
    expect(id(oneAgain)).toBe(id(one));
    expect(await bookingsOf(first.email)).toHaveLength(1);
    expect(await bookingsOf(second.email)).toHaveLength(1);
  });

  it("says where to go on when the form already booked another stay for this guest", async () => {
    const guest = { ...GUEST, email: "form.used@example.com" };
    expect(await bookStay(client, { roomTypeId: double().id, ...stayAt(36, 1), adults: 1, guest }, "attempt-used", EN)).toMatchObject({ kind: "booked" });
    const other = await bookStay(client, { roomTypeId: double().id, ...stayAt(37, 1), adults: 1, guest }, "attempt-used", EN);
    expect(other).toEqual({ kind: "refused", formUsed: true, message: expect.stringContaining("Find your booking") });
  });

  it("says when the room sold out since the search, and offers the rooms still free", async () => {
    const stay = stayAt(40, 1);
    await setRates(database().db, { roomTypeId: double().id, from: stay.checkin, to: stay.checkin, rooms: 0 });
    const outcome = await bookStay(client, { roomTypeId: double().id, ...stay, adults: 1, guest: GUEST }, "attempt-sold-out", EN);
    expect(outcome).toMatchObject({ kind: "sold_out" });
    expect(outcome.kind === "sold_out" && outcome.alternatives.map((r) => r.name)).toEqual(["Single"]);
  });

  it("turns the API's refusals into a guest's words", async () => {
    const stay = stayAt(50, 1);
    const tooMany = await bookStay(client, { roomTypeId: single().id, ...stay, adults: 2, guest: GUEST }, "attempt-occupancy", EN);
    expect(tooMany).toEqual({ kind: "refused", message: expect.stringContaining("does not hold that many adults") });
    const badEmail = await bookStay(client, { roomTypeId: single().id, ...stay, adults: 1, guest: { ...GUEST, email: "nope" } }, "attempt-email", EN);
    expect(badEmail).toEqual({ kind: "invalid", fieldErrors: { "guest.email": "Must be an e-mail address." } });
    const past = await bookStay(client, { roomTypeId: single().id, checkin: addDays(hotel.today, -2), checkout: hotel.today, adults: 1, guest: GUEST }, "attempt-past", EN);
    expect(past).toMatchObject({ kind: "invalid", fieldErrors: { checkin: `Must be today at the property (${hotel.today}) or later.` } });
  });
});

describe("rate plans and stay restrictions on the site", () => {
  it("books the offer the guest chose, with its terms; explains a stay restriction and a plan no longer offered", async () => {
    const db = database().db;
    const plan = await createRatePlan(db, { propertyId: hotel.property.id, name: "Saver", priceRule: { percent: -10 }, cancellationPolicy: { type: "non_refundable" }, roomTypeIds: [double().id], actor: TEST_ACTOR });
    const stay = stayAt(140, 2);
    const offers = (await client.availability({ ...stay, adults: 2 })).roomTypes.find((r) => r.roomTypeId === double().id)!.offers;
    expect(offers.map((o) => [o.name, o.cancellation.refundable])).toEqual([["Saver", false], ["Standard", true]]);

    const booked = await bookStay(client, { roomTypeId: double().id, ratePlanId: plan.id, ...stay, adults: 2, guest: GUEST }, "attempt-saver", EN);
    expect(booked).toMatchObject({ kind: "booked", booking: { ratePlan: { id: plan.id, name: "Saver" }, price: offers[0]!.price, cancellation: { refundable: false, freeUntil: null } } });

    const restricted = stayAt(150, 2);
    await setRates(db, { roomTypeId: double().id, from: restricted.checkin, to: restricted.checkin, minStay: 3 });
    expect(await bookStay(client, { roomTypeId: double().id, ...restricted, adults: 2, guest: GUEST }, "attempt-min-stay", EN)).toEqual({
      kind: "refused",
      message: `Stays arriving on ${EN.weekdayDayMonth(restricted.checkin)} must be at least 3 nights. Please choose other dates.`,
    });

    await deactivateRatePlan(db, { id: plan.id, propertyId: hotel.property.id, actor: TEST_ACTOR });
    expect(await bookStay(client, { roomTypeId: double().id, ratePlanId: plan.id, ...stayAt(160, 1), adults: 2, guest: GUEST }, "attempt-gone", EN)).toEqual({ kind: "refused", message: EN.t("book.unknownRatePlan") });
  });

  it("suggests, for a stay the restrictions refuse, only dates they allow", async () => {
    const stay = stayAt(170, 2);
    // No arrivals on the asked date, and none a day later either; a day earlier the minimum is 3 nights.
    for (const roomType of hotel.roomTypes) {
      await setRates(database().db, { roomTypeId: roomType.id, from: stay.checkin, to: addDays(stay.checkin, 1), closedToArrival: true });
      await setRates(database().db, { roomTypeId: roomType.id, from: addDays(stay.checkin, -1), to: addDays(stay.checkin, -1), minStay: 3 });
    }
    const outcome = await searchStays(client, { ...stay, adults: "1" }, hotel.today, EN);
    expect(outcome).toMatchObject({ kind: "sold_out", nights: 2 });
    expect(outcome.kind === "sold_out" && outcome.suggestions.map((s) => s.checkin)).toEqual([addDays(stay.checkin, -2), addDays(stay.checkin, 2), addDays(stay.checkin, -3)]);
  });
});

describe("searching from the site", () => {
  it("lists the rooms free for the stay, or says why none is: too many adults, or sold out with other dates", async () => {
    const stay = stayAt(60, 2);
    const offers = await searchStays(client, { ...stay, adults: "2" }, hotel.today, EN);
    expect(offers.kind === "offers" && offers.availability.roomTypes.map((r) => r.name)).toEqual(["Double"]);

    expect(await searchStays(client, { ...stay, adults: "3" }, hotel.today, EN)).toEqual({ kind: "too_many_adults", largestRoom: 2 });

    for (const roomType of hotel.roomTypes) await setRates(database().db, { roomTypeId: roomType.id, from: stay.checkin, to: stay.checkin, closed: true });
    const soldOut = await searchStays(client, { ...stay, adults: "1" }, hotel.today, EN);
    expect(soldOut).toMatchObject({ kind: "sold_out", nights: 2 });
    expect(soldOut.kind === "sold_out" && soldOut.suggestions.map((s) => s.checkin)).toEqual([addDays(stay.checkin, 1), addDays(stay.checkin, -2), addDays(stay.checkin, 2)]);
  });

  it("explains bad or missing input beside the field, in a guest's words", async () => {
    const stay = stayAt(60, 2);
    expect(await searchStays(client, { checkin: stay.checkout, checkout: stay.checkin, adults: "2" }, hotel.today, EN)).toEqual({
      kind: "invalid",
      fieldErrors: { checkout: "Must be after the check-in date." },
    });
    expect(await searchStays(client, { checkin: "", checkout: stay.checkout, adults: "" }, hotel.today, EN)).toEqual({
      kind: "invalid",
      fieldErrors: { checkin: "Choose a check-in date.", adults: "Say how many adults are staying." },
    });
    const down = clientWith(async () => Promise.reject(new TypeError("fetch failed")));
    expect(await searchStays(down, { ...stay, adults: "2" }, hotel.today, EN)).toEqual({ kind: "unreachable" });
    const limited = { type: "/docs/errors#rate_limited", title: "Too Many Requests", status: 429, detail: "Over the limit.", code: "rate_limited", requestId: "req_2" };
    const busy = clientWith(async () => Response.json(limited, { status: 429, headers: { "retry-after": "3" } }));
    expect(await searchStays(busy, { ...stay, adults: "2" }, hotel.today, EN)).toEqual({ kind: "unreachable" });
  });
});

describe("finding a booking from the site", () => {
  it("matches the reference and the e-mail address without regard to case, and nothing else", async () => {
    const guest = { ...GUEST, email: "Find.Me@Example.com" };
    const { booking } = await client.createBooking({ roomTypeId: single().id, ...stayAt(70, 1), adults: 1, guest }, "attempt-find");
    expect(await findGuestBooking(client, { reference: ` ${booking.reference.toLowerCase()} `, email: "find.me@example.COM" })).toEqual({ bookingId: booking.id });
    expect(await findGuestBooking(client, { reference: booking.reference, email: "someone@example.com" })).toBeNull();
    expect(await findGuestBooking(client, { reference: "HVH-XXXXXX", email: guest.email })).toBeNull();
  });

  it("finds rooms booked together by the group's reference and its booker's address; a room by its own reference and its guest's", async () => {
    const booker = { ...GUEST, email: "Booker@Example.com" };
    const friend = { ...GUEST, email: "friend@example.com" };
    const room = { roomTypeId: single().id, adults: 1 };
    const { group } = await client.createBookingGroup({ booker, rooms: [room, { ...room, guest: friend }], ...stayAt(72, 1) }, "attempt-find-group");
    expect(await findGuestBooking(client, { reference: group.reference.toLowerCase(), email: "booker@example.com" })).toEqual({ groupId: group.id });
    expect(await findGuestBooking(client, { reference: group.reference, email: friend.email })).toBeNull();
    expect(await findGuestBooking(client, { reference: group.bookings[1]!.reference, email: friend.email })).toEqual({ bookingId: group.bookings[1]!.id });
  });
});

describe("changing a booking from the site", () => {
  const book = async (offset: number, nights: number, email: string) =>
    (await client.createBooking({ roomTypeId: double().id, ...stayAt(offset, nights), adults: 2, guest: { ...GUEST, email } }, `attempt-${email}`)).booking;
  const historyOf = (bookingId: string) => database().db.bookingHistoryEntry.findMany({ where: { bookingId } });
  const changedEvents = (bookingId: string) => database().db.event.findMany({ where: { bookingId, type: "booking.changed" } });

  it("the client previews a change (nothing stored), makes it once with its Idempotency-Key, replays it, and refuses the key for another change", async () => {
    const booking = await book(80, 2, "change.client@example.com");
    const later = { ...stayAt(81, 3), adults: 1 };

    const dryRun = await client.changeBooking(booking.id, later, { dryRun: true });
    expect(dryRun).toMatchObject({ replayed: false, booking: { id: booking.id, ...later, nights: 3 } });
    expect(dryRun.booking.nightly[0]).toEqual(booking.nightly[1]); // a night kept keeps its booked amount
    expect(await client.getBooking(booking.id)).toEqual(booking);
    expect(await historyOf(booking.id)).toHaveLength(0);

    const options = { idempotencyKey: "site-change-1", expectedPrice: dryRun.booking.price };
    const changed = await client.changeBooking(booking.id, later, options);
    expect(changed).toEqual({ replayed: false, booking: { ...dryRun.booking, updatedAt: expect.any(String) } });
    expect(await client.changeBooking(booking.id, later, options)).toMatchObject({ replayed: true, booking: { id: booking.id, ...later } });
    expect(await historyOf(booking.id)).toHaveLength(1);
    expect(await changedEvents(booking.id)).toHaveLength(1);

    const reused = await client.changeBooking(booking.id, { adults: 2 }, options).catch((e: unknown) => e);
    expect(reused).toMatchObject({ status: 422, code: "idempotency_key_reused" });
  });

  it("the client's refusals carry the problem's code, and for a price that moved, the new quote", async () => {
    const booking = await book(85, 2, "change.refused@example.com");
    const later = stayAt(86, 2);
    const moved = await client.changeBooking(booking.id, later, { idempotencyKey: "site-change-2", expectedPrice: { amount: 1, currency: "EUR" } }).catch((e: unknown) => e);
    expect(moved).toBeInstanceOf(PartnerApiError);
    const quote = (moved as PartnerApiError).quote!;
    expect(moved).toMatchObject({ status: 409, code: "price_changed" });
    expect(quote.nightly.map((n) => n.date)).toEqual([later.checkin, addDays(later.checkin, 1)]);
    expect(quote.price.amount).toBe(quote.nightly.reduce((sum, n) => sum + n.amount, 0));
    expect(await client.changeBooking(booking.id, { checkout: booking.checkin }, { dryRun: true }).catch((e: unknown) => e)).toMatchObject({ status: 400, code: "validation_failed" });
    expect(await historyOf(booking.id)).toHaveLength(0);
  });

  it("previews and confirms a change; a confirmation sent twice changes once; a moved price comes back as the new quote", async () => {
    const booking = await book(90, 2, "change.site@example.com");
    const form = { ...stayAt(91, 3), adults: "1" };
    const preview = await previewStayChange(client, booking, form, EN);
    expect(preview).toMatchObject({ kind: "quote", quote: { ...stayAt(91, 3), adults: 1, nights: 3 } });
    const quote = preview.kind === "quote" ? preview.quote : undefined;

    await setRates(database().db, { roomTypeId: double().id, from: addDays(booking.checkout, 1), to: addDays(booking.checkout, 1), price: 99_900 }); // a night the change takes
    const moved = await confirmStayChange(client, booking, form, { expectedPrice: quote!.price, idempotencyKey: "site-change-3" }, EN);
    expect(moved).toMatchObject({ kind: "price_changed", quote: { ...stayAt(91, 3), nights: 3 } });
    const newQuote = moved.kind === "price_changed" ? moved.quote : undefined;
    const repriced = addDays(booking.checkout, 1);
    expect(newQuote!.price.amount).toBe(quote!.price.amount - quote!.nightly.find((n) => n.date === repriced)!.amount + 99_900);

    const first = await confirmStayChange(client, booking, form, { expectedPrice: newQuote!.price, idempotencyKey: "site-change-3" }, EN);
    const second = await confirmStayChange(client, booking, form, { expectedPrice: newQuote!.price, idempotencyKey: "site-change-3" }, EN);
    expect(first).toMatchObject({ kind: "changed", replayed: false, booking: { ...stayAt(91, 3), adults: 1, price: newQuote!.price } });
    expect(second).toMatchObject({ kind: "changed", replayed: true });
    expect(await changedEvents(booking.id)).toHaveLength(1);

    const now = await client.getBooking(booking.id);
    expect(await previewStayChange(client, now, { checkin: now.checkin, checkout: now.checkout, adults: String(now.adults) }, EN)).toEqual({ kind: "unchanged" });
  });

  it("says which night is not free and suggests the nearest dates of the same length in the booking's room", async () => {
    const booking = await book(100, 2, "change.sold.out@example.com");
    const asked = stayAt(103, 2);
    await setRates(database().db, { roomTypeId: double().id, from: asked.checkin, to: asked.checkin, rooms: 0 });
    const outcome = await previewStayChange(client, booking, { ...asked, adults: "2" }, EN);
    expect(outcome).toMatchObject({ kind: "sold_out", night: asked.checkin, nights: 2 });
    // Nearest first: a day later; two days earlier (its first night is the booking's own); two days later. A day earlier takes the full night.
    expect(outcome.kind === "sold_out" && outcome.suggestions.map((s) => s.checkin)).toEqual([addDays(asked.checkin, 1), addDays(asked.checkin, -2), addDays(asked.checkin, 2)]);
  });

  it("explains a change the stay restrictions refuse, in the guest's words", async () => {
    const booking = await book(180, 2, "change.restricted@example.com");
    const asked = stayAt(183, 2);
    await setRates(database().db, { roomTypeId: double().id, from: asked.checkout, to: asked.checkout, closedToDeparture: true });
    expect(await previewStayChange(client, booking, { ...asked, adults: "2" }, EN)).toEqual({
      kind: "restricted",
      message: `No departures on ${EN.weekdayDayMonth(asked.checkout)}: the hotel does not take check-outs that day. Please choose other dates.`,
    });
  });

  it("explains a booking that cannot change: cancelled, or started (its check-in stays; its check-out may move)", async () => {
    const cancelled = await book(110, 2, "change.cancelled@example.com");
    await client.cancelBooking(cancelled.id);
    expect(await previewStayChange(client, cancelled, { ...stayAt(111, 2), adults: "2" }, EN)).toMatchObject({ kind: "not_changeable", reason: "cancelled" });

    const yesterday = addDays(hotel.today, -1);
    await setRates(database().db, { roomTypeId: double().id, from: yesterday, to: yesterday, price: 12_000, rooms: 5, closed: false });
    const { booking: created } = unlessRefused(await createBooking(database().db, {
      property: hotel.property,
      actor: TEST_ACTOR,
      input: { roomTypeId: double().id, checkin: yesterday, checkout: addDays(hotel.today, 2), adults: 2, guest: { ...GUEST, email: "change.started@example.com" } },
      clock: { now: () => new Date(`${addDays(hotel.today, -2)}T12:00:00Z`) },
    }));
    const started = await client.getBooking(created.id);
    expect(await previewStayChange(client, started, { checkin: hotel.today, checkout: addDays(hotel.today, 3), adults: "2" }, EN)).toEqual({ kind: "not_changeable", reason: "started", checkin: yesterday });
    expect(await previewStayChange(client, started, { checkin: yesterday, checkout: addDays(hotel.today, 3), adults: "1" }, EN)).toMatchObject({ kind: "quote", quote: { checkin: yesterday, nights: 4, adults: 1 } });
    expect(await previewStayChange(client, started, { checkin: yesterday, checkout: addDays(hotel.today, 3), adults: "3" }, EN)).toEqual({ kind: "invalid", fieldErrors: { adults: "Your room sleeps at most 2 adults." } });
  });

  it("says the API could not be reached, for a preview and for a confirmation", async () => {
    const booking = await book(120, 1, "change.down@example.com");
    const down = clientWith(async () => Promise.reject(new TypeError("fetch failed")));
    expect(await previewStayChange(down, booking, { ...stayAt(121, 1), adults: "2" }, EN)).toEqual({ kind: "unreachable" });
    expect(await confirmStayChange(down, booking, { ...stayAt(121, 1), adults: "2" }, { expectedPrice: booking.price, idempotencyKey: "site-change-down" }, EN)).toEqual({ kind: "unreachable" });
  });
});

describe("families on the site", () => {
  // A family room for two adults and two children (four together) at €120.00, and a double that takes no child; children of 3 to 11 add €15.00 a night, of 12 to 17 €25.00.
  let family: Awaited<ReturnType<typeof partnerFixture>>;
  let familyClient: PartnerClient;
  const room = (name: string) => family.roomTypes.find((r) => r.name === name)!;
  const nightsFrom = (offset: number, nights: number) => ({ checkin: addDays(family.today, offset), checkout: addDays(family.today, offset + nights) });
  beforeAll(async () => {
    family = await partnerFixture(database().db, {
      name: "Family Hotel",
      roomTypes: [
        { name: "Family", description: "Two rooms.", maxAdults: 2, maxChildren: 2, maxOccupancy: 4, rooms: 2, basePrice: 12_000 },
        { name: "Double", description: "A double room.", maxAdults: 2, rooms: 2, basePrice: 10_000 },
      ],
    });
    const bands = [
      { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
      { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
      { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
    ];
    await setChildAgeBands(database().db, { propertyId: family.property.id, bands, actor: TEST_ACTOR });
    familyClient = clientWith(inProcessFetch, family.writeKey!.key);
  });

  it("searches for the party: only rooms taking it, priced for it; a child's age missing is asked for; a party no room takes is said so", async () => {
    const stay = nightsFrom(30, 2);
    const offers = await searchStays(familyClient, { ...stay, adults: "2", children: "2", ages: ["4", "9"] }, family.today, EN);
    expect(offers.kind === "offers" && offers.availability.roomTypes.map((r) => [r.name, r.price.amount, r.extras])).toEqual([
      ["Family", 2 * (12_000 + 2 * 1_500), [{ kind: "child", band: "Child", count: 2, amount: { amount: 1_500, currency: "EUR" } }]],
    ]);
    expect(await searchStays(familyClient, { ...stay, adults: "2", children: "2", ages: ["4", ""] }, family.today, EN)).toEqual({ kind: "invalid", fieldErrors: { age2: "Choose the age of child 2." } });
    expect(await searchStays(familyClient, { ...stay, adults: "2", children: "3", ages: ["4", "9", "1"] }, family.today, EN)).toEqual({ kind: "party_too_large", party: { adults: 2, childrenAges: [4, 9, 1] } });
    // Adults alone: as before children came.
    const adults = await searchStays(familyClient, { ...stay, adults: "2" }, family.today, EN);
    expect(adults.kind === "offers" && adults.availability.roomTypes.map((r) => r.name).sort()).toEqual(["Double", "Family"]);
  });

  it("suggests other dates for a family priced for the family, in rooms that take it", async () => {
    const stay = nightsFrom(40, 2);
    await setRates(database().db, { roomTypeId: room("Family").id, from: stay.checkin, to: stay.checkin, rooms: 0 });
    const soldOut = await searchStays(familyClient, { ...stay, adults: "2", children: "1", ages: ["12"] }, family.today, EN);
    expect(soldOut).toMatchObject({ kind: "sold_out", nights: 2 });
    // The Double (€100.00) is free every night but takes no child: the family's dates are the Family room's, each night with the Teen's €25.00.
    expect(soldOut.kind === "sold_out" && soldOut.suggestions[0]).toEqual({ checkin: addDays(stay.checkin, 1), checkout: addDays(stay.checkin, 3), lowestTotal: 2 * (12_000 + 2_500) });
  });

  it("books the family with the children's ages and what they add; a room that takes no child is refused in the guest's words", async () => {
    const stay = nightsFrom(50, 1);
    const booked = await bookStay(familyClient, { roomTypeId: room("Family").id, ...stay, adults: 2, childrenAges: [4, 9], guest: GUEST }, "family-attempt", EN);
    expect(booked).toMatchObject({ kind: "booked", booking: { adults: 2, childrenAges: [4, 9], price: { amount: 15_000 }, extras: [{ kind: "child", band: "Child", count: 2 }] } });
    const refused = await bookStay(familyClient, { roomTypeId: room("Double").id, ...stay, adults: 2, childrenAges: [4], guest: GUEST }, "family-double", EN);
    expect(refused).toEqual({ kind: "refused", message: "That room does not take that many children. Choose a larger room, or book two rooms." });
    const refusedDe = await bookStay(familyClient, { roomTypeId: room("Family").id, ...stay, adults: 2, childrenAges: [4, 9, 12], guest: GUEST }, "family-too-many", guestWords("de"));
    expect(refusedDe).toEqual({ kind: "refused", message: "Dieses Zimmer bietet nicht so vielen Kindern Platz. Wählen Sie ein größeres Zimmer oder buchen Sie zwei Zimmer." });
  });

  it("changes the children: a new age priced in the preview, the same party unchanged, a child more than the room takes beside the children", async () => {
    const stay = nightsFrom(60, 2);
    const { booking } = await familyClient.createBooking({ roomTypeId: room("Family").id, ...stay, adults: 2, childrenAges: [4], guest: { ...GUEST, email: "family.change@example.com" } }, "family-change");
    const form = { ...stay, adults: "2" };
    expect(await previewStayChange(familyClient, booking, { ...form, children: "1", ages: ["4"] }, EN)).toEqual({ kind: "unchanged" });
    const teen = await previewStayChange(familyClient, booking, { ...form, children: "1", ages: ["13"] }, EN);
    expect(teen).toMatchObject({ kind: "quote", quote: { childrenAges: [13], price: { amount: 2 * (12_000 + 2_500) }, extras: [{ kind: "child", band: "Teen", count: 1 }] } });
    expect(await previewStayChange(familyClient, booking, { ...form, children: "3", ages: ["4", "9", "1"] }, EN)).toEqual({ kind: "invalid", fieldErrors: { children: "Your room takes at most 2 children." } });
    const changed = await confirmStayChange(familyClient, booking, { ...form, children: "1", ages: ["13"] }, { expectedPrice: teen.kind === "quote" ? teen.quote.price : booking.price, idempotencyKey: "family-change-1" }, EN);
    expect(changed).toMatchObject({ kind: "changed", booking: { childrenAges: [13], price: { amount: 29_000 } } });
    // No children any more: all of them as they now are, [].
    const none = await previewStayChange(familyClient, await familyClient.getBooking(booking.id), { ...form, children: "0", ages: [] }, EN);
    expect(none).toMatchObject({ kind: "quote", quote: { childrenAges: [], price: { amount: 24_000 } } });
  });
});
