import type { BookingChangeQuote } from "@/components/panel/booking-change-form-states";
import { bookingChangeLines } from "@/lib/bookings/booking-change-lines";
import { describeChange } from "@/lib/bookings/plan-booking-change";
import { formatMoney } from "@/lib/money/currency";
import { formatPriceDifference } from "@/lib/money/price-difference";
import { formatNight } from "@/lib/dates/format-calendar-date";
import type { BookingView } from "@/lib/schemas/bookings";

/** A dry run's booking against the booking as it is, in words for the preview (the same lines as its history will show). */
export function bookingChangeQuote(before: BookingView, after: BookingView, roomTypeNames: ReadonlyMap<string, string>): BookingChangeQuote {
  const { previous, current } = describeChange(before, after);
  const { currency } = after.price;
  return {
    // The price and each night's are shown apart, below what changes.
    changes: bookingChangeLines(previous, current, { currency, roomTypeNames }).filter((line) => line.field !== "price" && line.field !== "nightly"),
    price: formatMoney(after.price),
    previousPrice: formatMoney(before.price),
    difference: formatPriceDifference(after.price, before.price) ?? "no difference",
    nightly: after.nightly.map((night) => ({ date: night.date, night: formatNight(night.date), amount: formatMoney({ amount: night.amount, currency }) })),
    expectedPrice: after.price,
  };
}
