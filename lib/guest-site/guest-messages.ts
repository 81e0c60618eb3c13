import type { GuestWords } from "@/lib/i18n/guest-words";
import type { PartnerApiError } from "@/lib/partner-client/partner-api-error";
import { partyFormField } from "./party-query";

/** The API's field names, as a guest reads them in English. */
const FIELD_WORDS: Record<string, string> = { checkin: "the check-in date", checkout: "the check-out date", adults: "the number of adults", childrenAges: "the children's ages" };

/**
 * The API's field errors keyed by the form's field ("checkin", "guest.email", "children",
 * "age2"), in a guest's words. The API speaks English and names its parameters ("Must be after
 * checkin."): in English a guest reads its message with "the check-in date"; in another
 * language, the catalogue's words for that field (apiErrors.field).
 */
export function fieldErrorsOf(error: PartnerApiError, words: GuestWords): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of error.fieldErrors) {
    const english = message.replace(/\b(checkin|checkout|adults|childrenAges)\b/g, (word) => FIELD_WORDS[word] ?? word);
    out[partyFormField(field)] ??= words.t("apiErrors.field", { field: field.replace(/\W/g, "_"), message: english });
  }
  return out;
}

/**
 * A stay_restricted refusal as a guest reads it: in English the API's detail ("Stays arriving on
 * 2026-12-31 must be at least 3 nights.") with its dates in words, and what to do.
 */
export function restrictionMessage(error: PartnerApiError, words: GuestWords): string {
  const detail = error.message.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (date) => words.weekdayDayMonth(date));
  return words.t("apiErrors.restricted", { detail });
}
