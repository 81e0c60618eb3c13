import type { CancellationTerms } from "@/lib/schemas/rate-plans";

/**
 * Cancellation terms in the API's field order. The database works them out (cancellation_terms,
 * for offers and new bookings) and keeps them in the booking's columns; this only orders them.
 */
export function cancellationTermsView(terms: CancellationTerms): CancellationTerms {
  return { refundable: terms.refundable, freeUntil: terms.freeUntil, feeFrom: terms.feeFrom, fee: { amount: Number(terms.fee.amount), currency: terms.fee.currency } };
}
