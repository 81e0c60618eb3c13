import type { CancellationTerms } from "@/lib/schemas/rate-plans";

/**
 * What cancelling costs at `now`, from a booking's own terms (fixed when it was booked): nothing
 * before `feeFrom` (the midnight after the last free date, at the property), the fee from then
 * on, and the fee at once when the terms were never refundable.
 */
export function cancellationFeeAt(terms: CancellationTerms, now: Date): { amount: number; currency: string } {
  const free = terms.feeFrom !== null && now.getTime() < Date.parse(terms.feeFrom);
  return { amount: free ? 0 : terms.fee.amount, currency: terms.fee.currency };
}
