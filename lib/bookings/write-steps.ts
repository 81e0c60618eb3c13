import type { CalendarDate } from "@/lib/dates/calendar-date";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CancellationPolicy, CancellationTerms } from "@/lib/schemas/rate-plans";
import { bookingExtrasPerNight, type Booking, type BookingExtra, type NightPrice, type Party } from "./booking";
import type { BookingActor } from "./booking-actor";
import type { BookingRefusal } from "./booking-outcome";

/**
 * The booking's write rules, as a transaction in TypeScript calls them: each is a function of
 * lib/bookings/sql (its file says what it does), called here with typed arguments. book_stay and
 * cancel_booking call the same functions inside PostgreSQL; changeBooking calls them from its
 * interactive transaction.
 */
type Tx = Prisma.TransactionClient;

/** An earlier use of an Idempotency-Key (hold_idempotency_key), after its lock is held: it made or changed a booking, or made a booking group. */
export type EarlierKeyUse = { usedBy: "creation" | "change"; bookingId: string; fingerprint: string | null } | { usedBy: "group"; groupId: string; fingerprint: string | null };

export async function holdIdempotencyKey(tx: Tx, propertyId: string, key: string): Promise<EarlierKeyUse | null> {
  const [{ earlier }] = await tx.$queryRaw<[{ earlier: EarlierKeyUse | null }]>`SELECT hold_idempotency_key(${propertyId}, ${key}) AS earlier`;
  return earlier;
}

/** The plan that prices a stay, as check_stay found it. */
export type StayPlan = { id: string; name: string; pricePercent: number | null; priceAmount: number | null; policy: CancellationPolicy };
export type StayCheck = { kind: "ok"; roomTypeName: string; plan: StayPlan; extras: BookingExtra[] } | Extract<BookingRefusal, { kind: "unknown_room_type" | "occupancy_exceeded" | "unknown_rate_plan" | "stay_restricted" }>;

export async function checkStay(
  tx: Tx,
  stay: { propertyId: string; roomTypeId: string; party: Party; ratePlanId: string; planRule: "sell" | "sold" | "any"; checkin: CalendarDate; checkout: CalendarDate },
  restrictions: { arrival: boolean; length: boolean; departure: boolean },
): Promise<StayCheck> {
  const [{ check }] = await tx.$queryRaw<[{ check: StayCheck }]>`
    SELECT check_stay(${stay.propertyId}, ${stay.roomTypeId}, ${JSON.stringify(stay.party)}::jsonb, ${stay.ratePlanId}, ${stay.planRule},
      ${stay.checkin}::date, ${stay.checkout}::date, ${restrictions.arrival}, ${restrictions.length}, ${restrictions.departure}) AS check`;
  return check;
}

/** A room type's nights a write takes or gives back. */
export type Nights = { roomTypeId: string; dates: CalendarDate[] };

/** Locks what a write takes and gives back, in the lock order; the first night taken without a room, or null. */
export async function holdNights(tx: Tx, taken: Nights, given: Nights): Promise<{ night: CalendarDate; reason: "closed" | "sold out" } | null> {
  const [{ refused }] = await tx.$queryRaw<[{ refused: { night: CalendarDate; reason: "closed" | "sold out" } | null }]>`
    SELECT hold_nights(${taken.roomTypeId}, ${taken.dates}::date[], ${given.roomTypeId}, ${given.dates}::date[]) AS refused`;
  return refused;
}

export async function moveNights(tx: Tx, nights: Nights, by: 1 | -1): Promise<void> {
  if (nights.dates.length > 0) await tx.$executeRaw`SELECT move_nights(${nights.roomTypeId}, ${nights.dates}::date[], ${by}::int)`;
}

/** The nights priced for the party (its extras, as check_stay found them) under the plan's rule. */
export async function nightPrices(tx: Tx, nights: Nights, plan: StayPlan, extras: BookingExtra[]): Promise<NightPrice[]> {
  if (nights.dates.length === 0) return [];
  const perNight = bookingExtrasPerNight(extras);
  const [{ prices }] = await tx.$queryRaw<[{ prices: NightPrice[] }]>`
    SELECT night_prices(${nights.roomTypeId}, ${nights.dates}::date[], ${plan.pricePercent}::int, ${plan.priceAmount}::int, ${perNight}::int) AS prices`;
  return prices;
}

export async function stayCancellationTerms(
  tx: Tx,
  stay: { policy: CancellationPolicy; checkin: CalendarDate; today: CalendarDate; timezone: string; nightly: NightPrice[]; currency: string },
): Promise<CancellationTerms> {
  const [{ terms }] = await tx.$queryRaw<[{ terms: CancellationTerms }]>`
    SELECT stay_cancellation_terms(${JSON.stringify(stay.policy)}::jsonb, ${stay.checkin}::date, ${stay.today}::date, ${stay.timezone},
      ${JSON.stringify(stay.nightly)}::jsonb, ${stay.currency}) AS terms`;
  return terms;
}

export async function writeBooking(tx: Tx, booking: Booking): Promise<void> {
  await tx.$executeRaw`SELECT write_booking(${JSON.stringify(booking)}::jsonb)`;
}

export async function recordBookingHistory(
  tx: Tx,
  entry: { id: string; kind: "changed" | "cancelled"; booking: Booking; actor: BookingActor; previous: unknown; current: unknown; idempotencyKey: string | null; fingerprint: string | null },
): Promise<void> {
  await tx.$executeRaw`SELECT record_booking_history(${entry.id}, ${entry.kind}, ${JSON.stringify(entry.booking)}::jsonb, ${JSON.stringify(entry.actor)}::jsonb,
    ${jsonOrNull(entry.previous)}::jsonb, ${jsonOrNull(entry.current)}::jsonb, ${entry.idempotencyKey}, ${entry.fingerprint})`;
}

export async function recordBookingEvent(
  tx: Tx,
  event: { id: string; type: "booking.created" | "booking.changed" | "booking.cancelled"; booking: Booking; data: unknown; actor: BookingActor; traceContext: string | null },
): Promise<void> {
  await tx.$executeRaw`SELECT record_booking_event(${event.id}, ${event.type}, ${JSON.stringify(event.booking)}::jsonb, ${JSON.stringify(event.data)}::jsonb,
    ${JSON.stringify(event.actor)}::jsonb, ${event.traceContext})`;
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
