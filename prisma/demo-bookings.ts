import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import type { BookingProperty } from "@/lib/bookings/create-booking";
import { fixedClock, systemClock, type Clock } from "@/lib/clock";
import { addDays, dayOfWeek, daysBetween, eachDate, nightsOfStay, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import { propertyToday } from "@/lib/properties/property-today";
import { openPastNights, seedBooking } from "./factories";
import { SEED_ACTOR } from "@/lib/audit/actor";

/** Check-ins of the demo bookings: from this many days before today … */
export const DEMO_BOOKINGS_DAYS_BACK = 14;
/** … to this many days after. */
export const DEMO_BOOKINGS_DAYS_AHEAD = 60;

/** Share of rooms sold a night ends up with, by day of the week (0 = Sunday night … 6 = Saturday night). */
const WEEKDAY_OCCUPANCY = [0.55, 0.4, 0.45, 0.5, 0.65, 0.9, 0.95];
const CANCELLED_SHARE = 0.1;
const FIRST_NAMES = ["Ana", "Lucas", "Marta", "Tom", "Sofia", "Jonas", "Emma", "Pedro", "Chloé", "Noah", "Ines", "Omar", "Yuki", "Lena", "Mateo", "Aisha", "Oliver", "Clara", "Ravi", "Hanna"];
const LAST_NAMES = ["Silva", "Meyer", "Rossi", "Dubois", "Santos", "Novak", "Jensen", "Costa", "Schmidt", "Moreau", "Tanaka", "Okafor", "Garcia", "Keller", "Nieminen", "Brown", "Haddad", "Ferreira", "Larsen", "Kowalski"];
const CANCEL_REASONS = [undefined, "Plans changed", "Found another date", "Travel cancelled"];

type RoomTypeForDemo = { id: string; maxAdults: number; rooms: number; basePrice: number };
/** A key that makes a share of the bookings; `id: null` for bookings made elsewhere. */
export type DemoChannel = { id: string | null; weight: number };

type PlannedBooking = {
  roomTypeId: string;
  checkin: CalendarDate;
  checkout: CalendarDate;
  adults: number;
  apiKeyId: string | null;
  guest: { firstName: string; lastName: string; email: string };
  madeAt: Date;
  cancel?: { at: Date; reason?: string };
};

/** mulberry32: a small, fast PRNG with a 32-bit state. */
export function seededRandom(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Realistic bookings for a demo hotel: check-ins from two weeks ago to two months ahead,
 * nights fuller at weekends and filling up as they come closer, about one in ten cancelled,
 * each made (and cancelled) through the domain's own createBooking / cancelBooking with the
 * clock set to when it happened, so every counter agrees. Deterministic for a given today:
 * the choices come from a PRNG seeded with `seed`.
 * Past nights are opened with setRates first (at `priceForNight`).
 */
export async function seedDemoBookings(
  db: Db,
  options: {
    property: BookingProperty;
    roomTypes: RoomTypeForDemo[];
    channels: DemoChannel[];
    seed: string;
    priceForNight?: (date: CalendarDate, basePrice: number) => number;
    clock?: Clock;
  },
): Promise<{ made: number; cancelled: number }> {
  const now = (options.clock ?? systemClock).now();
  const today = propertyToday(options.property, { now: () => now });
  const first = addDays(today, -DEMO_BOOKINGS_DAYS_BACK);
  for (const roomType of options.roomTypes) await openPastNights(db, roomType, first, addDays(today, -1), options.priceForNight);

  const plan = planDemoBookings({ ...options, today, now, random: seededRandom(options.seed) });
  const madeBookings = await inBatches(plan, (booking) => seedBooking(db, options.property, booking));
  const cancellations = plan.flatMap((booking, i) => (booking.cancel ? [{ id: madeBookings[i]!.id, ...booking.cancel }] : []));
  await inBatches(cancellations, (c) => cancelBooking(db, { actor: SEED_ACTOR, property: options.property, bookingId: c.id, reason: c.reason, clock: fixedClock(c.at) }).then(unlessRefused).then((done) => done.booking));
  // The keys were "used" to make their bookings, as the API would have recorded it.
  await db.$executeRaw`
    UPDATE api_keys k SET last_used_at = made.last
    FROM (SELECT api_key_id, max(created_at) AS last FROM bookings WHERE property_id = ${options.property.id} AND api_key_id IS NOT NULL GROUP BY api_key_id) made
    WHERE k.id = made.api_key_id AND (k.last_used_at IS NULL OR k.last_used_at < made.last)`;
  return { made: plan.length, cancelled: cancellations.length };
}

/**
 * Decides every booking before any is made. Cancelled bookings keep their rooms in the plan,
 * so the bookings can be made in any order (in parallel) without one finding a night full.
 */
function planDemoBookings(input: {
  roomTypes: RoomTypeForDemo[];
  channels: DemoChannel[];
  today: CalendarDate;
  now: Date;
  random: () => number;
}): PlannedBooking[] {
  const { today, now, random } = input;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const totalWeight = input.channels.reduce((sum, c) => sum + c.weight, 0);
  const channel = () => {
    let r = random() * totalWeight;
    for (const c of input.channels) if ((r -= c.weight) < 0) return c.id;
    return null;
  };
  const planned: PlannedBooking[] = [];
  for (const roomType of input.roomTypes) {
    const sold = new Map<CalendarDate, number>();
    const soldOn = (date: CalendarDate) => sold.get(date) ?? 0;
    for (const checkin of eachDate(addDays(today, -DEMO_BOOKINGS_DAYS_BACK), addDays(today, DEMO_BOOKINGS_DAYS_AHEAD))) {
      const target = Math.min(roomType.rooms, Math.round(roomType.rooms * targetOccupancy(checkin, today) + (random() - 0.5) * 2));
      // Someone arrives most days, even when the stays of the days before already fill the night to its share.
      const minimumArrivals = random() < 0.6 ? 1 : 0;
      for (let arrivals = 0; soldOn(checkin) < roomType.rooms && (soldOn(checkin) < target || arrivals < minimumArrivals); arrivals++) {
        let checkout = addDays(checkin, stayLength(checkin, random));
        while (nightsOfStay(checkin, checkout).some((night) => soldOn(night) >= roomType.rooms)) checkout = addDays(checkout, -1);
        for (const night of nightsOfStay(checkin, checkout)) sold.set(night, soldOn(night) + 1);
        const firstName = pick(FIRST_NAMES);
        const lastName = pick(LAST_NAMES);
        const madeAt = madeAtFor(checkin, today, now, random);
        const cancelled = random() < CANCELLED_SHARE;
        planned.push({
          roomTypeId: roomType.id,
          checkin,
          checkout,
          adults: adultsFor(roomType.maxAdults, random),
          apiKeyId: channel(),
          guest: { firstName, lastName, email: `${ascii(firstName)}.${ascii(lastName)}${planned.length % 9 || ""}@example.com`.toLowerCase() },
          madeAt,
          ...(cancelled ? { cancel: { at: cancelledAtFor(checkin, madeAt, now, random), reason: pick(CANCEL_REASONS) } } : {}),
        });
      }
    }
  }
  return planned;
}

/** Weekends fuller; nights more than a week ahead still filling (a quarter of their final share at two months). */
function targetOccupancy(night: CalendarDate, today: CalendarDate): number {
  const ahead = daysBetween(today, night);
  const pace = ahead <= 7 ? 1 : Math.max(0.25, 1 - (ahead - 7) / 70);
  return WEEKDAY_OCCUPANCY[dayOfWeek(night)]! * pace;
}

/** 1 to 7 nights, mostly 1 to 3; Friday arrivals mostly for the weekend. */
function stayLength(checkin: CalendarDate, random: () => number): number {
  const r = random();
  if (dayOfWeek(checkin) === 5 && r < 0.6) return 2;
  return r < 0.3 ? 1 : r < 0.65 ? 2 : r < 0.85 ? 3 : r < 0.95 ? 4 : 5 + Math.floor(random() * 3);
}

/** Mostly two; one in a single room or now and then alone; three or more only in a room for more. */
function adultsFor(maxAdults: number, random: () => number): number {
  if (maxAdults === 1) return 1;
  if (random() < 0.75) return 2;
  return maxAdults === 2 ? 1 : 3 + Math.floor(random() * (maxAdults - 2));
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Noon UTC on `date`: the same date at the property in any time zone within ±11 hours. */
const noonUtc = (date: CalendarDate) => new Date(`${date}T12:00:00Z`);

/**
 * When a booking was made: a stay already begun 1 to 45 days before its check-in (more often
 * shortly before); a stay still ahead at some time in the last 40 days (about one in nine in
 * the last week). Never after now.
 */
function madeAtFor(checkin: CalendarDate, today: CalendarDate, now: Date, random: () => number): Date {
  const at =
    checkin > today
      ? now.getTime() - random() ** 0.8 * 40 * DAY_MS - HOUR_MS
      : noonUtc(addDays(checkin, -(1 + Math.floor(random() ** 1.7 * 45)))).getTime() + (random() - 0.5) * 10 * HOUR_MS;
  return new Date(Math.min(at, now.getTime() - 60_000));
}

/** A cancellation between the booking and the day before check-in, and not after now. */
function cancelledAtFor(checkin: CalendarDate, madeAt: Date, now: Date, random: () => number): Date {
  const limit = Math.max(madeAt.getTime(), Math.min(now.getTime() - 60_000, noonUtc(addDays(checkin, -1)).getTime()));
  return new Date(madeAt.getTime() + random() * (limit - madeAt.getTime()));
}

function ascii(name: string): string {
  return name.normalize("NFD").replace(/[^A-Za-z]/g, "");
}

/** Runs `fn` over `items` a few at a time, results in order. */
async function inBatches<T, R>(items: T[], fn: (item: T) => Promise<R>, size = 4): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return results;
}
