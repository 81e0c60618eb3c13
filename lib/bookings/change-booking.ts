import { systemClock, type Clock } from "@/lib/clock";
import { toDbDate, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import type { FieldError } from "@/lib/errors";
import { propertyToday } from "@/lib/properties/property-today";
import type { BookingView } from "@/lib/schemas/bookings";
import { toBookingView } from "./booking-view";
import { planBookingChange, priceOfChange, type BookingChangeRequest, type ChangeableField, type Night } from "./plan-booking-change";

/**
 * Changes a booking in one transaction (issue 20, second step: not yet behind the API, and
 * without its event). Its invariants, beside planBookingChange's:
 *
 * - Atomic: the booking row is locked first, then every night it gives back or takes, in one
 *   statement, in the lock order (room type, date), so concurrent writes wait for each other
 *   and never deadlock. The nights it gives back and takes move together: the booking never
 *   holds fewer nights than it had, and no night is ever sold past its rooms (the table's
 *   CHECK constraint is the last word).
 * - The booking's own nights count as free to itself: it only needs a room on nights it does
 *   not hold yet.
 * - Refused changes (any outcome but "changed") write nothing; a dry run ("quote") writes
 *   nothing either, and holds nothing once it returns.
 * - The price: kept nights at their booked amount, new nights at the current rate; with
 *   `expectedPrice`, a change to any other total is refused.
 */
export type ChangeBookingOutcome =
  | { kind: "changed"; booking: BookingView; changed: ChangeableField[] }
  | { kind: "quote"; booking: BookingView; changed: ChangeableField[] }
  | { kind: "unchanged"; booking: BookingView }
  | { kind: "not_found" }
  | { kind: "not_changeable"; field: ChangeableField | null; message: string }
  | { kind: "invalid"; errors: FieldError[] }
  | { kind: "unknown_room_type"; roomTypeId: string }
  | { kind: "occupancy_exceeded"; name: string; maxAdults: number }
  | { kind: "no_availability"; name: string; night: CalendarDate; reason: "closed" | "sold out" }
  | { kind: "price_changed"; booking: BookingView };

export type ChangeBookingOptions = {
  property: { id: string; timezone: string };
  bookingId: string;
  request: BookingChangeRequest;
  /** The total the partner showed the guest: a change to any other total is refused. */
  expectedPrice?: { amount: number; currency: string };
  /** Work out the change and its price, store nothing. */
  dryRun?: boolean;
  clock?: Clock;
};

type NightRow = { room_type_id: string; date: CalendarDate; rooms_for_sale: number; rooms_sold: number; price: number; closed: boolean };

export async function changeBooking(db: Db, options: ChangeBookingOptions): Promise<ChangeBookingOutcome> {
  const now = (options.clock ?? systemClock).now();
  const today = propertyToday(options.property, { now: () => now });
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bookings WHERE id = ${options.bookingId} AND property_id = ${options.property.id} FOR UPDATE`;
    if (locked.length === 0) return { kind: "not_found" };
    const before = toBookingView(await tx.booking.findUniqueOrThrow({ where: { id: options.bookingId } }));

    const plan = planBookingChange(before, options.request, today);
    if (plan.kind === "unchanged") return { kind: "unchanged", booking: before };
    if (plan.kind !== "change") return plan;

    const { after } = plan;
    const roomType = await tx.roomType.findFirst({ where: { id: after.roomTypeId, propertyId: options.property.id } });
    if (!roomType) return { kind: "unknown_room_type", roomTypeId: after.roomTypeId };
    if (after.adults > roomType.maxAdults) return { kind: "occupancy_exceeded", name: roomType.name, maxAdults: roomType.maxAdults };

    const moving = [...plan.released, ...plan.taken];
    const rows = moving.length === 0 ? [] : await lockNights(tx, moving);
    const row = (night: Night) => rows.find((r) => r.room_type_id === night.roomTypeId && r.date === night.date);
    // Taken nights are all of the new room type, in date order: the first refused is the first night.
    for (const night of plan.taken) {
      const found = row(night);
      if (!found || found.closed) return { kind: "no_availability", name: roomType.name, night: night.date, reason: "closed" };
      if (found.rooms_sold >= found.rooms_for_sale) return { kind: "no_availability", name: roomType.name, night: night.date, reason: "sold out" };
    }

    const { nightly, total } = priceOfChange(plan, new Map(plan.taken.map((night) => [night.date, row(night)!.price])));
    const booking: BookingView = { ...before, ...after, price: { amount: total, currency: before.price.currency }, nightly, updatedAt: now.toISOString() };
    if (options.expectedPrice && (options.expectedPrice.amount !== total || options.expectedPrice.currency !== before.price.currency)) {
      return { kind: "price_changed", booking };
    }
    if (options.dryRun) return { kind: "quote", booking, changed: plan.changed };

    await moveNights(tx, plan.released, -1);
    await moveNights(tx, plan.taken, +1);
    await tx.booking.update({
      where: { id: before.id },
      data: {
        checkin: toDbDate(after.checkin),
        checkout: toDbDate(after.checkout),
        roomTypeId: after.roomTypeId,
        adults: after.adults,
        guestFirstName: after.guest.firstName,
        guestLastName: after.guest.lastName,
        guestEmail: after.guest.email,
        externalReference: after.externalReference,
        totalAmount: total,
        nightlyPrices: nightly,
        updatedAt: now,
      },
    });
    return { kind: "changed", booking, changed: plan.changed };
  });
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** Locks the nights' rows in one statement, in the lock order (room type, date). Missing nights have no row. */
function lockNights(tx: Tx, nights: Night[]): Promise<NightRow[]> {
  const types = nights.map((night) => night.roomTypeId);
  const dates = nights.map((night) => night.date);
  return tx.$queryRaw<NightRow[]>`
    SELECT n.room_type_id, to_char(n.date, 'YYYY-MM-DD') AS date, n.rooms_for_sale, n.rooms_sold, n.price, n.closed
    FROM room_nights n
    JOIN unnest(${types}::text[], ${dates}::date[]) AS wanted(room_type_id, date) ON wanted.room_type_id = n.room_type_id AND wanted.date = n.date
    ORDER BY n.room_type_id, n.date
    FOR UPDATE OF n`;
}

/** Gives back (-1) or takes (+1) one room on each night. */
async function moveNights(tx: Tx, nights: Night[], by: 1 | -1): Promise<void> {
  if (nights.length === 0) return;
  const types = nights.map((night) => night.roomTypeId);
  const dates = nights.map((night) => night.date);
  await tx.$executeRaw`
    UPDATE room_nights n SET rooms_sold = n.rooms_sold + ${by}, updated_at = now()
    FROM unnest(${types}::text[], ${dates}::date[]) AS moved(room_type_id, date)
    WHERE n.room_type_id = moved.room_type_id AND n.date = moved.date`;
}
