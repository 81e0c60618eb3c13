import type { PartnerApiError } from "@/lib/partner-client/partner-api-error";

/** The API's field names, as a guest reads them. */
const FIELD_WORDS: Record<string, string> = { checkin: "the check-in date", checkout: "the check-out date", adults: "the number of adults" };

/**
 * The API's field errors keyed by field ("checkin", "guest.email"), in a guest's words: the
 * API names its parameters ("Must be after checkin."), a guest reads "the check-in date".
 */
export function fieldErrorsOf(error: PartnerApiError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of error.fieldErrors) {
    out[field] ??= message.replace(/\b(checkin|checkout|adults)\b/g, (word) => FIELD_WORDS[word] ?? word);
  }
  return out;
}

export const UNREACHABLE_MESSAGE = "We could not reach the booking system just now. Please try again in a moment.";

export const BOOKING_UNREACHABLE_MESSAGE =
  "We could not reach the booking system, so your booking is not confirmed yet. Press Book to try again: you will not be booked twice.";
