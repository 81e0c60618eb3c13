import { formatInstant } from "@/lib/dates/format-instant";
import { guestWords, type GuestWords } from "@/lib/i18n/guest-words";
import { formatMoney, type Money } from "@/lib/money/currency";
import type { CancellationTerms } from "@/lib/schemas/rate-plans";

/** Staff read the terms in English (the panel); guests in their language (the site, the e-mails). */
const STAFF_WORDS = guestWords("en");

/**
 * A booking's or an offer's cancellation terms as a guest reads them (the site and the guest
 * e-mails): "Free cancellation until Wed 2 December" (freeUntil is already a date at the
 * property) or "Non-refundable".
 */
export function cancellationTermsInWords(terms: CancellationTerms, words: GuestWords = STAFF_WORDS): string {
  return terms.refundable && terms.freeUntil ? words.t("cancellation.freeUntil", { date: words.weekdayDayMonth(terms.freeUntil) }) : words.t("cancellation.nonRefundable");
}

/**
 * A booking can be cancelled until the end of its check-in date at the property, never after
 * (409 booking_not_cancellable). Terms free until then (the Standard plan: free until the day of
 * arrival) have no fee that could ever apply: the database gives them no `feeFrom` and a fee of 0
 * (cancellation_fee_kind), and they are said without one.
 */
export function feeCanApply(terms: CancellationTerms): boolean {
  return !terms.refundable || terms.feeFrom !== null;
}

/** What the terms cost once they apply: "then €120.00" after the free period, "cancelling costs €360.00" when not refundable; null when no fee can apply. */
export function cancellationFeeInWords(terms: CancellationTerms, words: GuestWords = STAFF_WORDS): string | null {
  if (!feeCanApply(terms)) return null;
  return words.t(terms.refundable ? "cancellation.then" : "cancellation.costs", { fee: words.money(terms.fee) });
}

/** Both, in one line: "Free cancellation until Wed 2 December, then €120.00"; "Free cancellation until Thu 10 December" when no fee can apply. */
export function cancellationSentence(terms: CancellationTerms, words: GuestWords = STAFF_WORDS): string {
  const fee = cancellationFeeInWords(terms, words);
  const headline = cancellationTermsInWords(terms, words);
  return fee === null ? headline : words.t("cancellation.sentence", { terms: headline, fee });
}

/** The fee of cancelling at some instant (cancellationFeeAt): "Cancelling now is free" or "Cancelling now costs €120.00". */
export function cancellingNowInWords(fee: Money, words: GuestWords = STAFF_WORDS): string {
  return fee.amount === 0 ? words.t("cancellation.nowFree") : words.t("cancellation.nowCosts", { fee: words.money(fee) });
}

/** What staff read after the fee line, whatever the terms: the rule cancel_booking keeps. */
const CANCELLABLE_UNTIL = "After the check-in date the booking can no longer be cancelled.";

/**
 * The terms as staff read them on a booking's page and at the desk, on the hotel's clock: the
 * headline (cancellationTermsInWords, the guests' words) and what cancelling costs from when
 * ("Cancelling costs €120.00 from 3 Dec 2026, 00:00 (hotel time)."), then until when it can be
 * done at all (feeCanApply).
 */
export function describeCancellationTerms(terms: CancellationTerms, timeZone: string): { headline: string; fee: string } {
  const headline = cancellationTermsInWords(terms);
  if (!feeCanApply(terms)) return { headline, fee: `Cancelling is free until the end of the check-in date. ${CANCELLABLE_UNTIL}` };
  if (!terms.refundable || terms.feeFrom === null) return { headline, fee: `Cancelling costs ${formatMoney(terms.fee)} at any time. ${CANCELLABLE_UNTIL}` };
  return { headline, fee: `Cancelling costs ${formatMoney(terms.fee)} from ${formatInstant(terms.feeFrom, timeZone)} (hotel time). ${CANCELLABLE_UNTIL}` };
}
