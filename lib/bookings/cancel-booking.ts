import { systemClock, type Clock } from "@/lib/clock";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { newId } from "@/lib/ids";
import { propertyNow, propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import { activeTraceContext } from "@/lib/trace-context";
import { fromBookingRow, type Booking } from "./booking";
import type { BookingActor } from "./booking-actor";
import type { CancelOutcome } from "./booking-outcome";
import { toBookingView } from "./booking-view";
import { cancellationFeeAt } from "./cancellation-fee";

/** The SQL function cancel_booking (lib/bookings/sql/cancel_booking.sql), prepared on the pool. */
export const CANCEL_BOOKING: HotStatement = { name: "cancel_booking", text: "SELECT cancel_booking($1::jsonb) AS outcome" };
type CancelBookingAnswer = "cancelled" | "not_confirmed" | "stale" | "not_found";

/**
 * cancel_booking's parameter for a confirmed booking cancelled `now` (it is read as it stood at
 * its updatedAt): the booking as cancelled, with the fee its terms set as of the property's now
 * (on a test twin whose today was moved, that day's), as the API shows it, and its history
 * entry's and event's ids. cancelBookingGroup sends one for each room it cancels.
 */
export function cancellationCall(booking: Booking, options: { property: PropertyClockFacts; now: Date; reason?: string; actor: BookingActor }) {
  const { now, actor } = options;
  const cancelled: Booking = {
    ...booking,
    status: "cancelled",
    cancelledAt: now.toISOString(),
    updatedAt: now.toISOString(),
    cancellationReason: options.reason?.trim() || null,
    cancellationFee: cancellationFeeAt(booking.cancellation, propertyNow(options.property, now)),
  };
  return {
    booking: cancelled,
    view: toBookingView(cancelled),
    readAt: booking.updatedAt,
    historyId: newId("bkh"),
    eventId: newId("evt"),
    actor,
    traceContext: activeTraceContext(),
  };
}

/**
 * Cancels a booking of the property and frees its nights, until its check-in date has passed at
 * the property (else not_cancellable). What it costs comes from the booking's own terms and the
 * time of cancelling (cancellationFeeAt: free before feeFrom, the fee after, or at once when not
 * refundable); the booking and its booking.cancelled event carry it as cancellationFee.
 * Cancelling a cancelled booking changes nothing ("unchanged"). A booking of another property is
 * not_found, never "forbidden".
 *
 * Two round trips and no interactive transaction: the booking is read and its dates checked,
 * then one statement, cancel_booking, locks it, checks that it is still confirmed and still as
 * read (a change may have moved its stay in between: then it is read again), gives its nights
 * back, writes it cancelled, its history and its booking.cancelled event, all in that
 * statement's transaction and with the write rules of lib/bookings/sql.
 */
export async function cancelBooking(
  db: Db,
  options: { property: PropertyClockFacts & { id: string }; bookingId: string; reason?: string; actor: BookingActor; clock?: Clock },
): Promise<CancelOutcome> {
  const { property, bookingId, actor } = options;
  for (;;) {
    const row = await db.booking.findFirst({ where: { id: bookingId, propertyId: property.id } });
    if (!row) return { kind: "not_found", bookingId };
    const booking = fromBookingRow(row);
    if (booking.status === "cancelled") return { kind: "unchanged", booking: toBookingView(booking) };
    const now = (options.clock ?? systemClock).now();
    const today = propertyToday(property, { now: () => now });
    if (booking.stay.checkin < today) return { kind: "not_cancellable", checkin: booking.stay.checkin, today };
    const call = cancellationCall(booking, { property, now, reason: options.reason, actor });
    const { rows } = await queryHot<{ outcome: CancelBookingAnswer }>(db, CANCEL_BOOKING, [JSON.stringify(call)]);
    const answer = rows[0]!.outcome;
    if (answer === "cancelled") return { kind: "cancelled", booking: call.view };
    if (answer === "stale") continue;
    // Another request cancelled it between the read and the lock: it stands as that one left it.
    const current = await db.booking.findFirst({ where: { id: booking.id, propertyId: property.id } });
    if (answer === "not_found" || !current) return { kind: "not_found", bookingId };
    return { kind: "unchanged", booking: toBookingView(fromBookingRow(current)) };
  }
}
