import { formatInstant } from "@/lib/dates/format-instant";
import { formatMoney } from "@/lib/money/currency";
import type { CancellationTerms } from "@/lib/schemas/rate-plans";

const freeUntilFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "long" });

/** "Wed 2 December" for 2026-12-02 (a calendar date at the property: no time zone shifts it). */
export function formatFreeUntil(date: string): string {
  return freeUntilFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * A booking's (or an offer's) cancellation terms in words, on the hotel's clock: the headline
 * ("Free cancellation until Wed 2 December", "Non-refundable") and what cancelling costs from
 * when ("Cancelling costs €120.00 from 3 Dec 2026, 00:00 (hotel time)."). Free until the check-in
 * date itself (the Standard plan), the fee never applies: after that date a booking can no longer
 * be cancelled at all.
 */
export function describeCancellationTerms(terms: CancellationTerms, timeZone: string, checkin?: string): { headline: string; fee: string } {
  const fee = formatMoney(terms.fee);
  if (!terms.refundable || terms.freeUntil === null || terms.feeFrom === null) {
    return { headline: "Non-refundable", fee: `Cancelling costs ${fee} at any time.` };
  }
  if (terms.freeUntil === checkin) {
    return { headline: `Free cancellation until ${formatFreeUntil(terms.freeUntil)}`, fee: "Free until the check-in date; after it the booking can no longer be cancelled." };
  }
  return {
    headline: `Free cancellation until ${formatFreeUntil(terms.freeUntil)}`,
    fee: `Cancelling costs ${fee} from ${formatInstant(terms.feeFrom, timeZone)} (hotel time).`,
  };
}
