import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { searchAvailability } from "@/lib/availability/search-availability";
import { createBooking } from "@/lib/bookings/create-booking";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { addDays, nightsOfStay } from "@/lib/dates/calendar-date";
import { isDomainError } from "@/lib/errors";
import { propertyToday } from "@/lib/properties/property-today";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import { seedProperty } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";

/**
 * What a party pays (issue 37), on PostgreSQL: availability's offers (priced in TypeScript) and
 * bookings (priced by the database's functions) both equal a reference written here from the
 * hotel's rules, over many parties, room types and plans; parties that do not fit are refused
 * with the limit they break; the last rooms go to exactly as many families as there are rooms.
 */
const database = setupTestDatabase();
const guest = { firstName: "Ana", lastName: "Silva", email: "ana@example.com" };

const BANDS = [
  { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
  { name: "Child", fromAge: 3, toAge: 11, amount: 1_537 },
  { name: "Teen", fromAge: 12, toAge: 17, amount: 2_499 },
];

/** The reference: a night's rate, plus each adult above those included, plus each child's band, then the plan's rule rounded half up. */
function referenceNight(rate: number, room: { adultsIncluded: number; extraAdult: number }, party: { adults: number; childrenAges: number[] }, rule: { percent?: number; amount?: number }): number {
  let total = rate + Math.max(0, party.adults - room.adultsIncluded) * room.extraAdult;
  for (const age of party.childrenAges) total += BANDS.find((band) => age >= band.fromAge && age <= band.toAge)!.amount;
  if (rule.percent !== undefined) {
    const scaled = total * (100 + rule.percent);
    const whole = Math.trunc(scaled / 100);
    return scaled % 100 >= 50 ? whole + 1 : whole;
  }
  if (rule.amount !== undefined) return Math.max(0, total + rule.amount);
  return total;
}

/** A small PRNG with a fixed seed: the same cases on every run. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

const ROOMS = [
  { name: "Family", maxAdults: 4, maxChildren: 4, maxOccupancy: 7, adultsIncluded: 2, extraAdult: 3_333 },
  { name: "Loft", maxAdults: 3, maxChildren: 2, maxOccupancy: 4, adultsIncluded: 1, extraAdult: 1_999 },
  { name: "Bunk", maxAdults: 2, maxChildren: 5, maxOccupancy: 6, adultsIncluded: 2, extraAdult: 0 },
];

async function familyHotel(rooms: number) {
  const { db } = database();
  const { property, roomTypes } = await seedProperty(db, {
    name: "Family Inn",
    roomTypes: ROOMS.map((room) => ({ name: room.name, maxAdults: room.maxAdults, rooms, basePrice: 10_000 })),
  });
  await db.property.update({ where: { id: property.id }, data: { childAgeBands: BANDS } });
  for (const [i, room] of ROOMS.entries()) {
    const { maxChildren, maxOccupancy, adultsIncluded, extraAdult } = room;
    await db.roomType.update({ where: { id: roomTypes[i]!.id }, data: { maxChildren, maxOccupancy, adultsIncluded, extraAdult } });
  }
  const today = propertyToday(property);
  return { property, roomTypes, today };
}

describe("a party's price (adults above those included, children by age band, the plan's rule on top)", () => {
  it("is the reference's in availability's offers and in bookings, over many parties, room types and plans", async () => {
    const { db } = database();
    const { property, roomTypes, today } = await familyHotel(200);
    const checkin = addDays(today, 5);
    const checkout = addDays(checkin, 3);
    // Rates that make the rounding matter: odd amounts, a different one each night.
    for (const [i, roomType] of roomTypes.entries()) {
      for (const [n, date] of nightsOfStay(checkin, checkout).entries()) await setRates(db, { roomTypeId: roomType.id, from: date, to: date, price: 9_001 + 777 * i + 333 * n });
    }
    const rules: ({ percent: number } | { amount: number })[] = [{ percent: -13 }, { percent: 7 }, { percent: -50 }, { amount: -2_500 }, { amount: 1_250 }];
    const plans = [{ id: (await db.ratePlan.findFirstOrThrow({ where: { propertyId: property.id, standard: true } })).id, rule: {} as { percent?: number; amount?: number } }];
    for (const [i, rule] of rules.entries()) {
      const plan = await createRatePlan(db, { propertyId: property.id, actor: TEST_ACTOR, name: `Plan ${i}`, priceRule: rule, cancellationPolicy: { type: "non_refundable" } });
      plans.push({ id: plan.id, rule });
    }
    const rates = new Map<string, number[]>();
    for (const roomType of roomTypes) {
      const nights = await db.roomNight.findMany({ where: { roomTypeId: roomType.id, date: { gte: new Date(`${checkin}T00:00:00Z`), lt: new Date(`${checkout}T00:00:00Z`) } }, orderBy: { date: "asc" } });
      rates.set(roomType.id, nights.map((night) => night.price));
    }

    const next = random(37);
    let offersChecked = 0;
    let bookingsChecked = 0;
    for (let i = 0; i < 40; i++) {
      const party = { adults: 1 + next(4), childrenAges: Array.from({ length: next(5) }, () => next(18)) };
      const found = await searchAvailability(db, property, { checkin, checkout, adults: party.adults, childrenAges: party.childrenAges });
      const fits = ROOMS.map((room, r) => ({ room, id: roomTypes[r]!.id })).filter(({ room }) => party.adults <= room.maxAdults && party.childrenAges.length <= room.maxChildren && party.adults + party.childrenAges.length <= room.maxOccupancy);
      expect(found.roomTypes.map((roomType) => roomType.roomTypeId).sort(), JSON.stringify(party)).toEqual(fits.map(({ id }) => id).sort());
      expect(found.childrenAges).toEqual(party.childrenAges);
      for (const { room, id } of fits) {
        const offered = found.roomTypes.find((roomType) => roomType.roomTypeId === id)!;
        for (const plan of plans) {
          const expected = rates.get(id)!.map((rate) => referenceNight(rate, room, party, plan.rule));
          const offer = offered.offers.find((candidate) => candidate.ratePlanId === plan.id)!;
          expect(offer.nightly.map((night) => night.amount), `${room.name} ${JSON.stringify(party)} ${JSON.stringify(plan.rule)}`).toEqual(expected);
          expect(offer.price.amount).toBe(expected.reduce((sum, amount) => sum + amount, 0));
          offersChecked++;
        }
        // Book one in three with a plan of its own: the database prices it as availability offered it.
        if (i % 3 === 0) {
          const plan = plans[i % plans.length]!;
          const made = unlessRefused(await createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: id, checkin, checkout, adults: party.adults, childrenAges: party.childrenAges, ratePlanId: plan.id, guest } }));
          const offer = offered.offers.find((candidate) => candidate.ratePlanId === plan.id)!;
          expect(made.booking.nightly, `${room.name} ${JSON.stringify(party)} ${JSON.stringify(plan.rule)}`).toEqual(offer.nightly);
          expect(made.booking.price).toEqual(offer.price);
          expect(made.booking.extras).toEqual(offer.extras);
          expect(made.booking.childrenAges).toEqual(party.childrenAges);
          bookingsChecked++;
        }
      }
    }
    expect(offersChecked).toBeGreaterThan(300);
    expect(bookingsChecked).toBeGreaterThan(15);
  });

  it("says what each night adds: adults above those included, then each band with children, a night each", async () => {
    const { db } = database();
    const { property, roomTypes, today } = await familyHotel(5);
    const checkin = addDays(today, 5);
    const made = unlessRefused(
      await createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 3, childrenAges: [14, 4, 1, 9], guest } }),
    );
    const eur = (amount: number) => ({ amount, currency: "EUR" });
    expect(made.booking.extras).toEqual([
      { kind: "adult", count: 1, amount: eur(3_333) },
      { kind: "child", band: "Baby", count: 1, amount: eur(0) },
      { kind: "child", band: "Child", count: 2, amount: eur(1_537) },
      { kind: "child", band: "Teen", count: 1, amount: eur(2_499) },
    ]);
    expect(made.booking.childrenAges).toEqual([14, 4, 1, 9]);
    const stored = await db.booking.findUniqueOrThrow({ where: { id: made.booking.id } });
    expect(stored.childrenAges).toEqual([14, 4, 1, 9]);
  });
});

describe("a party that does not fit the room type", () => {
  it("is refused with the first limit it breaks (adults, then children, then both together) and books nothing", async () => {
    const { db } = database();
    const { property, roomTypes, today } = await familyHotel(5);
    const checkin = addDays(today, 5);
    const book = (roomType: number, adults: number, childrenAges: number[]) =>
      createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomTypes[roomType]!.id, checkin, checkout: addDays(checkin, 1), adults, childrenAges, guest } });
    // Loft: 3 adults, 2 children, 4 in all.
    expect(await book(1, 4, [])).toEqual({ kind: "occupancy_exceeded", name: "Loft", limit: { name: "maxAdults", value: 3 }, adults: 4, children: 0 });
    expect(await book(1, 4, [5, 6, 7])).toMatchObject({ limit: { name: "maxAdults", value: 3 } });
    expect(await book(1, 1, [5, 6, 7])).toEqual({ kind: "occupancy_exceeded", name: "Loft", limit: { name: "maxChildren", value: 2 }, adults: 1, children: 3 });
    expect(await book(1, 3, [5, 6])).toEqual({ kind: "occupancy_exceeded", name: "Loft", limit: { name: "maxOccupancy", value: 4 }, adults: 3, children: 2 });
    expect(await book(1, 2, [5, 6])).toMatchObject({ kind: "created" });
    expect(await db.booking.count({ where: { propertyId: property.id } })).toBe(1);
  });
});

describe("families racing for the last rooms, on parallel connections", () => {
  it("30 family bookings for the last 3 rooms make exactly 3", async () => {
    const { db } = database();
    const { property, roomTypes, today } = await familyHotel(3);
    const checkin = addDays(today, 8);
    const checkout = addDays(checkin, 2);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        createBooking(db, { property, actor: TEST_ACTOR, input: { roomTypeId: roomTypes[0]!.id, checkin, checkout, adults: 2, childrenAges: [i % 18, 4], guest } }).then(unlessRefused),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(refused).toHaveLength(27);
    for (const result of refused) expect(isDomainError(result.reason, "no_availability"), String(result.reason)).toBe(true);
    const nights = await db.roomNight.findMany({ where: { roomTypeId: roomTypes[0]!.id, roomsSold: { gt: 0 } } });
    expect(nights.map((night) => night.roomsSold)).toEqual([3, 3]);
  });
});
