import type { GuestWords } from "@/lib/i18n/guest-words";
import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";
import type { BookingView } from "@/lib/schemas/bookings";
import { NightlyPrices } from "./nightly-prices";

/** A stay in words: dates, nights, and who stays ("2 adults, 2 children (4, 9)"). */
export function StayLine({ stay, words }: { stay: { checkin: string; checkout: string; nights: number; adults: number; childrenAges: readonly number[] }; words: GuestWords }) {
  return (
    <span>
      {words.stayDate(stay.checkin)} → {words.stayDate(stay.checkout)} · {words.nights(stay.nights)} · {words.party(stay)}
    </span>
  );
}

/** The hotel's check-in and check-out times (GET /me), HH:MM on its clock. */
export type StayTimes = { checkInFrom: string; checkOutUntil: string };

/** A fact's label and its value. */
export type Row = [string, React.ReactNode];

/** Facts as a list of terms and their values, labels in a column of their own on a wide screen. */
export function Facts({ rows }: { rows: Row[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[11rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-stone-600">{label}</dt>
          <dd className="text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A booking as a guest reads it: reference, room, stay (with who stays), guest, price night by
 * night and what the party adds to it, status, its rate and cancellation terms (and, once
 * cancelled, the fee if there was one); for a confirmed booking, from when and until when (the
 * hotel's times, when known).
 */
export function BookingSummary({ booking, roomName, times, words }: { booking: BookingView; roomName?: string; times?: StayTimes | null; words: GuestWords }) {
  const { t } = words;
  const status =
    booking.status === "confirmed" ? t("summary.statusConfirmed") : booking.cancelledAt ? t("summary.statusCancelledOn", { date: words.stayDate(booking.cancelledAt) }) : t("summary.statusCancelled");
  const rows: Row[] = [
    [t("summary.reference"), <strong key="ref" data-testid="booking-reference" className="font-mono text-lg tracking-wide">{booking.reference}</strong>],
    [t("summary.status"), status],
    ...(roomName ? ([[t("summary.room"), roomName]] as Row[]) : []),
    [t("summary.stay"), <StayLine key="stay" stay={booking} words={words} />],
    ...(times && booking.status === "confirmed"
      ? ([[t("summary.times"), <span key="times" data-testid="stay-times">{t("common.stayTimes", { from: times.checkInFrom, until: times.checkOutUntil })}</span>]] as Row[])
      : []),
    [t("summary.guest"), `${booking.guest.firstName} ${booking.guest.lastName} (${booking.guest.email})`],
    [t("summary.totalPrice"), <strong key="price" data-testid="booking-price">{words.money(booking.price)}</strong>],
    ...(booking.extras.length ? ([[t("summary.includes"), <span key="includes" data-testid="booking-includes">{words.extras(booking.extras)}</span>]] as Row[]) : []),
    [t("summary.rate"), <span key="plan" data-testid="booking-rate-plan">{booking.ratePlan.name}</span>],
    [t("summary.cancellation"), <span key="terms" data-testid="booking-cancellation">{cancellationSentence(booking.cancellation, words)}</span>],
    ...(booking.cancellationFee && booking.cancellationFee.amount > 0
      ? ([[t("summary.cancellationFee"), <strong key="fee" data-testid="booking-cancellation-fee">{words.money(booking.cancellationFee)}</strong>]] as Row[])
      : []),
  ];
  return (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <Facts rows={rows} />
      <NightlyPrices nightly={booking.nightly} currency={booking.price.currency} words={words} />
    </div>
  );
}
