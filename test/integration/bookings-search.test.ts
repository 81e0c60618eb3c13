import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { listGuestBookings } from "@/lib/bookings/list-guest-bookings";
import { searchBookings, type BookingSearchFilters } from "@/lib/bookings/search-bookings";
import { addDays, dateInTimeZone } from "@/lib/dates/calendar-date";
import { BookingSearchSchema } from "@/lib/schemas/booking-search";
import { seedBooking, seedProperty } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

type Guest = { firstName: string; lastName: string; email: string };
const today = dateInTimeZone(new Date(), "UTC");

/** Two hotels; the second has a guest with the same name and e-mail as the first's Ana Silva. */
async function twoHotels() {
  const { db } = database();
  const here = await seedProperty(db, { name: "Harbour View Hotel", roomTypes: [{ name: "Double", maxAdults: 2, rooms: 30, basePrice: 10_000 }] });
  const there = await seedProperty(db, { name: "Harbour Villa Hotel", roomTypes: [{ name: "Twin", maxAdults: 2, rooms: 30, basePrice: 10_000 }] });
  let day = 1;
  const book = async (hotel: typeof here, guest: Guest, nights = 2) => {
    const checkin = addDays(today, day++);
    return seedBooking(db, hotel.property, { roomTypeId: hotel.roomTypes[0]!.id, checkin, checkout: addDays(checkin, nights), guest, madeAt: new Date(Date.now() + day * 1000) });
  };
  const ana = await book(here, { firstName: "Ana", lastName: "Silva", email: "ana@example.com" });
  const silvaCosta = await book(here, { firstName: "Silva", lastName: "Costa", email: "s.costa@example.com" });
  const anabela = await book(here, { firstName: "Anabela", lastName: "Sousa", email: "anabela@example.org" });
  const daSilva = await book(here, { firstName: "Maria", lastName: "da Silva", email: "maria@example.net" });
  const underscore = await book(here, { firstName: "Zoë", lastName: "O'Brien", email: "o_brien@example.com" });
  const lookalike = await book(here, { firstName: "Otto", lastName: "Brien", email: "oxbrien@example.com" });
  const backslash = await book(here, { firstName: "Zed", lastName: "Back\\slash", email: "zed@example.com" });
  const elsewhere = await book(there, { firstName: "Ana", lastName: "Silva", email: "ana@example.com" });
  return { here, there, ana, silvaCosta, anabela, daSilva, underscore, lookalike, backslash, elsewhere };
}

let hotels: Awaited<ReturnType<typeof twoHotels>>;
beforeAll(async () => {
  hotels = await twoHotels();
});

/** The references a search of the first hotel finds (newest first), as the panel runs it. */
async function found(q: string, filters: BookingSearchFilters = {}) {
  const words = BookingSearchSchema.parse(q);
  const page = await searchBookings(database().db, { propertyId: hotels.here.property.id, filters, words });
  expect(page.total, `the count of "${q}"`).toBe(page.data.length);
  return page.data.map((booking) => booking.reference);
}

describe("the bookings list's search", () => {
  it("finds a guest by any word of the name, at its start, in any capitals", async () => {
    const { ana, silvaCosta, daSilva, anabela } = hotels;
    expect(await found("silva")).toEqual([daSilva.reference, silvaCosta.reference, ana.reference]);
    expect(await found("SILVA")).toEqual(await found("silva"));
    expect(await found("Sil")).toEqual(await found("silva"));
    expect(await found("costa")).toEqual([silvaCosta.reference]);
    expect(await found("ana")).toEqual([anabela.reference, ana.reference]);
    expect(await found("anabela")).toEqual([anabela.reference]);
    // The start of a word only: "ilva" is inside "Silva", not at a word's start.
    expect(await found("ilva")).toEqual([]);
  });

  it("finds a guest by the start of the e-mail and a booking by the start of its reference", async () => {
    const { ana, anabela, underscore, lookalike, silvaCosta, backslash } = hotels;
    expect(await found("ana@")).toEqual([ana.reference]);
    expect(await found("ANA@EXAMPLE.COM")).toEqual([ana.reference]);
    expect(await found("anabela@example")).toEqual([anabela.reference]);
    expect(await found("s.costa@")).toEqual([silvaCosta.reference]);
    // Every character is taken literally: quotes, backslashes, wildcards and tsquery operators.
    expect(await found("o_b")).toEqual([underscore.reference]);
    expect(await found("o'b")).toEqual([underscore.reference]);
    expect(await found("O'BRIEN")).toEqual([underscore.reference]);
    expect(await found("o\\")).toEqual([]);
    expect(await found("back\\s")).toEqual([backslash.reference]);
    expect(await found("o&b o|b !o (o) o:* o<->b '")).toEqual([]);
    expect(await found("oxb")).toEqual([lookalike.reference]);
    expect(await found("o%b")).toEqual([]);
    expect(await found(ana.reference)).toEqual([ana.reference]);
    expect(await found(ana.reference.slice(0, 6).toLowerCase())).toContain(ana.reference);
    expect(await found(ana.reference.slice(0, -1))).toEqual([ana.reference]);
  });

  it("needs every word to match, in any order and in any field", async () => {
    const { ana, daSilva } = hotels;
    expect(await found("ana silva")).toEqual([ana.reference]);
    expect(await found("silva   ana")).toEqual([ana.reference]);
    expect(await found("silva ana@")).toEqual([ana.reference]);
    expect(await found(`silva ${ana.reference}`)).toEqual([ana.reference]);
    expect(await found("maria da")).toEqual([daSilva.reference]);
    expect(await found("ana costa")).toEqual([]);
  });

  it("never finds another property's bookings, even the same guest's", async () => {
    const { ana, elsewhere, there } = hotels;
    expect(await found("ana@example.com")).toEqual([ana.reference]);
    expect(await found(elsewhere.reference)).toEqual([]);
    const theirs = await searchBookings(database().db, { propertyId: there.property.id, filters: {}, words: ["silva"] });
    expect(theirs.data.map((booking) => booking.reference)).toEqual([elsewhere.reference]);
  });

  it("combines with the status and check-in filters, counts exactly, and pages newest first", async () => {
    const { db } = database();
    const { ana, silvaCosta, daSilva, here } = hotels;
    unlessRefused(await cancelBooking(db, { actor: TEST_ACTOR, property: here.property, bookingId: silvaCosta.id }));
    expect(await found("silva", { status: "cancelled" })).toEqual([silvaCosta.reference]);
    expect(await found("silva", { status: "confirmed" })).toEqual([daSilva.reference, ana.reference]);
    expect(await found("silva", { checkinFrom: silvaCosta.checkin, checkinTo: daSilva.checkin })).toEqual([daSilva.reference, silvaCosta.reference]);

    // A page at a time: the count stays the whole search's, the cursor walks it to the end.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await searchBookings(db, { propertyId: here.property.id, filters: { limit: 1, ...(cursor ? { cursor } : {}) }, words: ["silva"] });
      expect(page.total).toBe(3);
      seen.push(...page.data.map((booking) => booking.reference));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([daSilva.reference, silvaCosta.reference, ana.reference]);
  });

  it("without words is the plain list, and takes white space as no search", async () => {
    expect(BookingSearchSchema.parse("   ")).toEqual([]);
    expect(BookingSearchSchema.parse(" ana \t silva ")).toEqual(["ana", "silva"]);
    expect(BookingSearchSchema.safeParse("x".repeat(301)).success).toBe(false);
    expect(BookingSearchSchema.safeParse("ana\u0000").success).toBe(false);
    const page = await searchBookings(database().db, { propertyId: hotels.here.property.id, filters: {}, words: [] });
    expect(page.total).toBe(7);
    expect(page.data).toHaveLength(7);
  });
});

describe("a guest's other bookings", () => {
  it("are the property's bookings with the same e-mail in any capitals, newest stay first, never another property's", async () => {
    const { db } = database();
    const { here, ana } = hotels;
    const roomTypeId = here.roomTypes[0]!.id;
    const later = await seedBooking(db, here.property, { roomTypeId, checkin: addDays(today, 40), checkout: addDays(today, 42), guest: { firstName: "Ana", lastName: "Silva", email: "Ana@Example.COM" }, madeAt: new Date() });
    const earlier = await seedBooking(db, here.property, { roomTypeId, checkin: addDays(today, 20), checkout: addDays(today, 21), guest: { firstName: "A.", lastName: "Silva", email: "ana@example.com" }, madeAt: new Date() });
    unlessRefused(await cancelBooking(db, { actor: TEST_ACTOR, property: here.property, bookingId: earlier.id }));

    const others = await listGuestBookings(db, { propertyId: here.property.id, email: ana.guest.email, exceptBookingId: ana.id });
    expect(others.total).toBe(2);
    expect(others.bookings).toEqual([
      { id: later.id, reference: later.reference, checkin: later.checkin, checkout: later.checkout, roomTypeId, status: "confirmed" },
      { id: earlier.id, reference: earlier.reference, checkin: earlier.checkin, checkout: earlier.checkout, roomTypeId, status: "cancelled" },
    ]);
    // From the other booking's page, Ana's first booking is among them, and the page's own booking is not.
    const fromLater = await listGuestBookings(db, { propertyId: here.property.id, email: later.guest.email, exceptBookingId: later.id });
    expect(fromLater.bookings.map((booking) => booking.id)).toEqual([earlier.id, ana.id]);

    // The total counts them all when fewer are listed.
    const first = await listGuestBookings(db, { propertyId: here.property.id, email: ana.guest.email, exceptBookingId: ana.id, limit: 1 });
    expect(first).toEqual({ total: 2, bookings: [others.bookings[0]] });
  });

  it("are none for a guest with one booking here, and the other property's Ana sees only her own hotel's", async () => {
    const { db } = database();
    const { here, there, anabela, elsewhere } = hotels;
    expect(await listGuestBookings(db, { propertyId: here.property.id, email: anabela.guest.email, exceptBookingId: anabela.id })).toEqual({ total: 0, bookings: [] });
    expect(await listGuestBookings(db, { propertyId: there.property.id, email: elsewhere.guest.email, exceptBookingId: elsewhere.id })).toEqual({ total: 0, bookings: [] });
    // An e-mail is matched whole: a prefix or a LIKE wildcard finds nothing.
    expect((await listGuestBookings(db, { propertyId: here.property.id, email: "ana@example.co%", exceptBookingId: anabela.id })).total).toBe(0);
    expect((await listGuestBookings(db, { propertyId: here.property.id, email: "ana@example", exceptBookingId: anabela.id })).total).toBe(0);
  });
});
