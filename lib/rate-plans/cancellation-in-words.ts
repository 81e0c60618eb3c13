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

/** What the terms cost once they apply: "then €120.00" after the free period, "cancelling costs €360.00" when not refundable. */
export function cancellationFeeInWords(terms: CancellationTerms, words: GuestWords = STAFF_WORDS): string {
  return words.t(terms.refundable ? "cancellation.then" : "cancellation.costs", { fee: words.money(terms.fee) });
}

/** Both, in one line: "Free cancellation until Wed 2 December, then €120.00". */
export function cancellationSentence(terms: CancellationTerms, words: GuestWords = STAFF_WORDS): string {
  return words.t("cancellation.sentence", { terms: cancellationTermsInWords(terms, words), fee: cancellationFeeInWords(terms, words) });
}

/** The fee of cancelling at some instant (cancellationFeeAt): "Cancelling now is free" or "Cancelling now costs €120.00". */
export function cancellingNowInWords(fee: Money, words: GuestWords = STAFF_WORDS): string {
  return fee.amount === 0 ? words.t("cancellation.nowFree") : words.t("cancellation.nowCosts", { fee: words.money(fee) });
}

/**
 * The terms as staff read them on a booking's page and at the desk, on the hotel's clock: the
 * headline (cancellationTermsInWords) and what cancelling costs from when ("Cancelling costs
 * €120.00 from 3 Dec 2026, 00:00 (hotel time)."). Free until the check-in date itself (the
 * Standard plan), the fee never applies: after that date a booking can no longer be cancelled.
 */
export function describeCancellationTerms(terms: CancellationTerms, timeZone: string, checkin?: string): { headline: string; fee: string } {
  const headline = cancellationTermsInWords(terms);
  if (!terms.refundable || terms.feeFrom === null) return { headline, fee: `Cancelling costs ${formatMoney(terms.fee)} at any time.` };
  if (terms.freeUntil === checkin) return { headline, fee: "Free until the check-in date; after it the booking can no longer be cancelled." };
  return { headline, fee: `Cancelling costs ${formatMoney(terms.fee)} from ${formatInstant(terms.feeFrom, timeZone)} (hotel time).` };
}
