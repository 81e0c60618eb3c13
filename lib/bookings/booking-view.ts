import { daysBetween, fromDbDate } from "@/lib/dates/calendar-date";
import type { Booking } from "@/lib/generated/prisma/client";
import type { BookingSource, BookingView } from "@/lib/schemas/bookings";

/** A booking row as the API shows it. */
export function toBookingView(booking: Booking): BookingView {
  const checkin = fromDbDate(booking.checkin);
  const checkout = fromDbDate(booking.checkout);
  return {
    id: booking.id,
    reference: booking.reference,
    externalReference: booking.externalReference,
    status: booking.status,
    source: booking.source as BookingSource,
    roomTypeId: booking.roomTypeId,
    checkin,
    checkout,
    nights: daysBetween(checkin, checkout),
    adults: booking.adults,
    guest: { firstName: booking.guestFirstName, lastName: booking.guestLastName, email: booking.guestEmail, ...(booking.guestLanguage ? { language: booking.guestLanguage } : {}) },
    price: { amount: booking.totalAmount, currency: booking.currency },
    nightly: booking.nightlyPrices as { date: string; amount: number }[],
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    cancellationReason: booking.cancellationReason,
    ratePlan: { id: booking.ratePlanId, name: booking.ratePlanName },
    cancellation: {
      refundable: booking.freeUntil !== null,
      freeUntil: booking.freeUntil ? fromDbDate(booking.freeUntil) : null,
      feeFrom: booking.feeFrom?.toISOString() ?? null,
      fee: { amount: booking.feeAmount, currency: booking.currency },
    },
    cancellationFee: booking.cancellationFee === null ? null : { amount: booking.cancellationFee, currency: booking.currency },
  };
}
