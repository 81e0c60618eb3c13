import type { BookingView } from "@/lib/schemas/bookings";
import type { Booking } from "./booking";

/** The booking as the partner API shows it (its field order is the API's): the one mapping from the domain's booking. */
export function toBookingView(booking: Booking): BookingView {
  const { stay, cancellation } = booking;
  return {
    id: booking.id,
    reference: booking.reference,
    externalReference: booking.externalReference,
    groupId: booking.group?.id ?? null,
    status: booking.status,
    source: booking.source,
    roomTypeId: booking.roomTypeId,
    checkin: stay.checkin,
    checkout: stay.checkout,
    nights: stay.nights,
    adults: booking.party.adults,
    childrenAges: booking.party.childrenAges,
    guest: booking.guest,
    price: booking.price,
    nightly: booking.nightly,
    extras: booking.extras.map((extra) => (extra.kind === "adult" ? { kind: "adult", count: extra.count, amount: extra.amount } : { kind: "child", band: extra.band, count: extra.count, amount: extra.amount })),
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
    cancelledAt: booking.cancelledAt,
    cancellationReason: booking.cancellationReason,
    ratePlan: booking.ratePlan,
    cancellation: { refundable: cancellation.refundable, freeUntil: cancellation.freeUntil, feeFrom: cancellation.feeFrom, fee: { amount: Number(cancellation.fee.amount), currency: cancellation.fee.currency } },
    cancellationFee: booking.cancellationFee,
    anonymisedAt: booking.anonymisedAt,
  };
}
