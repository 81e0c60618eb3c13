import { systemClock, type Clock } from "@/lib/clock";
import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { fromDbDate } from "@/lib/dates/calendar-date";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { propertyNow, propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import type { BookingView } from "@/lib/schemas/bookings";
import type { BookingActor } from "./booking-actor";
import { toBookingView } from "./booking-view";
import { activeTraceContext } from "@/lib/tracing/trace-context";
import { cancellationFeeAt } from "./cancellation-fee";

/** The SQL function cancel_booking (lib/bookings/sql/cancel_booking.sql), prepared on the pool. */
export const CANCEL_BOOKING: HotStatement = { name: "cancel_booking", text: "SELECT cancel_booking($1::jsonb) AS outcome" };
type CancelOutcome = "cancelled" | "not_confirmed" | "stale" | "not_found";

function notFound(bookingId: string): DomainError {
  return new DomainError("not_found", `No booking "${bookingId}" at this property.`);
}

/**
 * Cancels a booking of the property and frees its nights, until its check-in date has passed at
 * the property. What it costs comes from the booking's own terms and the time of cancelling
 * (cancellationFeeAt: free before feeFrom, the fee after, or at once when not refundable); the
 * booking and its booking.cancelled event carry it as cancellationFee. Cancelling a cancelled
 * booking returns it unchanged. A booking of another property is "not found", never "forbidden".
 *
 * Two round trips and no interactive transaction: the booking is read and its dates checked,
 * then one statement, cancel_booking, locks it, checks that it is still confirmed and still as
 * read (a change may have moved its stay in between: then it is read again), cancels it, gives
 * its nights back (locked in (room type, date) order), records who cancelled it in its history
 * and writes the booking.cancelled event (the outbox) with the view built here, all in that
 * statement's transaction.
 */
export async function cancelBooking(
  db: Db,
  options: { property: PropertyClockFacts & { id: string }; bookingId: string; reason?: string; actor: BookingActor; clock?: Clock },
): Promise<BookingView> {
  const propertyId = options.property.id;
  for (;;) {
    const booking = await db.booking.findFirst({ where: { id: options.bookingId, propertyId } });
    if (!booking) throw notFound(options.bookingId);
    if (booking.status === "cancelled") return toBookingView(booking);
    const now = (options.clock ?? systemClock).now();
    const today = propertyToday(options.property, { now: () => now });
    if (fromDbDate(booking.checkin) < today) {
      throw new DomainError("booking_not_cancellable", `The check-in date ${fromDbDate(booking.checkin)} has passed at the property (today is ${today}).`);
    }
    const reason = options.reason?.trim() || null;
    // The fee as of the property's now (on a test twin whose today was moved, that day's).
    const fee = cancellationFeeAt(toBookingView(booking).cancellation, propertyNow(options.property, now));
    const view = toBookingView({ ...booking, status: "cancelled", cancelledAt: now, updatedAt: now, cancellationReason: reason, cancellationFee: fee.amount });
    const { actor } = options;
    const call = {
      propertyId,
      bookingId: booking.id,
      readAt: booking.updatedAt.toISOString(),
      now: now.toISOString(),
      reason,
      eventId: newId("evt"),
      view,
      historyId: newId("bkh"),
      apiKeyId: actor.apiKeyId ?? null,
      staffUserId: actor.staffId ?? null,
      actorLabel: actor.label,
      traceContext: activeTraceContext() ?? undefined,
    };
    const { rows } = await queryHot<{ outcome: CancelOutcome }>(db, CANCEL_BOOKING, [JSON.stringify(call)]);
    const outcome = rows[0]!.outcome;
    if (outcome === "cancelled") return view;
    if (outcome === "stale") continue;
    // Another request cancelled it between the read and the lock: it stands as that one left it.
    const current = await db.booking.findFirst({ where: { id: booking.id, propertyId } });
    if (outcome === "not_found" || !current) throw notFound(options.bookingId);
    return toBookingView(current);
  }
}
