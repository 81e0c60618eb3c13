import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";
import type { BookingView } from "@/lib/schemas/bookings";
import { adultsLabel, formatMoney, formatStayDate, nightsLabel } from "./format";
import { NightlyPrices } from "./nightly-prices";

/** A stay in words: dates, nights, adults; with the price when known. */
export function StayLine({ stay }: { stay: { checkin: string; checkout: string; nights: number; adults: number } }) {
  return (
    <span>
      {formatStayDate(stay.checkin)} → {formatStayDate(stay.checkout)} · {nightsLabel(stay.nights)} · {adultsLabel(stay.adults)}
    </span>
  );
}

/** The hotel's check-in and check-out times (GET /me), HH:MM on its clock. */
export type StayTimes = { checkInFrom: string; checkOutUntil: string };

/**
 * A booking as a guest reads it: reference, room, stay, guest, price night by night, status,
 * its rate and cancellation terms (and, once cancelled, the fee if there was one); for a
 * confirmed booking, from when and until when (the hotel's times, when known).
 */
export function BookingSummary({ booking, roomName, times }: { booking: BookingView; roomName?: string; times?: StayTimes | null }) {
  const rows: [string, React.ReactNode][] = [
    ["Booking reference", <strong key="ref" data-testid="booking-reference" className="font-mono text-lg tracking-wide">{booking.reference}</strong>],
    ["Status", booking.status === "confirmed" ? "Confirmed" : `Cancelled${booking.cancelledAt ? ` on ${formatStayDate(booking.cancelledAt.slice(0, 10))}` : ""}`],
    ...(roomName ? ([["Room", roomName]] as [string, React.ReactNode][]) : []),
    ["Stay", <StayLine key="stay" stay={booking} />],
    ...(times && booking.status === "confirmed"
      ? ([["Check-in and check-out", <span key="times" data-testid="stay-times">Check-in from {times.checkInFrom} · check-out until {times.checkOutUntil}</span>]] as [string, React.ReactNode][])
      : []),
    ["Guest", `${booking.guest.firstName} ${booking.guest.lastName} (${booking.guest.email})`],
    ["Total price", <strong key="price" data-testid="booking-price">{formatMoney(booking.price)}</strong>],
    ["Rate", <span key="plan" data-testid="booking-rate-plan">{booking.ratePlan.name}</span>],
    ["Cancellation", <span key="terms" data-testid="booking-cancellation">{cancellationSentence(booking.cancellation)}</span>],
    ...(booking.cancellationFee && booking.cancellationFee.amount > 0
      ? ([["Cancellation fee", <strong key="fee" data-testid="booking-cancellation-fee">{formatMoney(booking.cancellationFee)}</strong>]] as [string, React.ReactNode][])
      : []),
  ];
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[11rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-stone-600">{label}</dt>
            <dd className="text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <NightlyPrices nightly={booking.nightly} currency={booking.price.currency} />
    </div>
  );
}
