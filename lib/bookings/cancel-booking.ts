import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { fromDbDate } from "@/lib/dates/calendar-date";
import { DomainError } from "@/lib/errors";
import { recordBookingEvent } from "@/lib/events/record-booking-event";
import type { Booking } from "@/lib/generated/prisma/client";
import { propertyToday } from "@/lib/properties/property-today";
import type { BookingView } from "@/lib/schemas/bookings";
import { toBookingView } from "./booking-view";

/**
 * Cancels a booking of the property and frees its nights, in one transaction. Free of charge
 * until the check-in date has passed at the property; cancelling a cancelled booking returns
 * it unchanged. A booking of another property is "not found", never "forbidden". The
 * booking.cancelled event is written to the outbox in the same transaction (none when it was
 * already cancelled).
 */
export async function cancelBooking(
  db: Db,
  options: { property: { id: string; timezone: string }; bookingId: string; reason?: string; clock?: Clock },
): Promise<BookingView> {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Booking[]>`
      SELECT id FROM bookings WHERE id = ${options.bookingId} AND property_id = ${options.property.id} FOR UPDATE`;
    if (!locked) throw new DomainError("not_found", `No booking "${options.bookingId}" at this property.`);
    const booking = await tx.booking.findUniqueOrThrow({ where: { id: locked.id } });
    if (booking.status === "cancelled") return toBookingView(booking);
    const now = (options.clock ?? systemClock).now();
    const today = propertyToday(options.property, { now: () => now });
    if (fromDbDate(booking.checkin) < today) {
      throw new DomainError("booking_not_cancellable", `The check-in date ${fromDbDate(booking.checkin)} has passed at the property (today is ${today}).`);
    }
    const cancelled = await tx.booking.update({
      where: { id: booking.id },
      data: { status: "cancelled", cancelledAt: now, updatedAt: now, cancellationReason: options.reason?.trim() || null },
    });
    await tx.$executeRaw`
      UPDATE room_nights SET rooms_sold = rooms_sold - 1, updated_at = now()
      WHERE room_type_id = ${booking.roomTypeId} AND date >= ${booking.checkin}::date AND date < ${booking.checkout}::date`;
    const view = toBookingView(cancelled);
    await recordBookingEvent(tx, { type: "booking.cancelled", propertyId: options.property.id, booking: view, at: cancelled.updatedAt });
    return view;
  });
}
