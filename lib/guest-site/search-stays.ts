import { daysBetween, isCalendarDate } from "@/lib/dates/calendar-date";
import { isPartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import type { AvailabilityView } from "@/lib/schemas/availability";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { fieldErrorsOf } from "./guest-messages";
import { suggestionWindow, suggestStayDates, type StaySuggestion } from "./suggest-stay-dates";

export type StayQuery = { checkin: string; checkout: string; adults: string };

export type SearchOutcome =
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "offers"; availability: AvailabilityView }
  | { kind: "too_many_adults"; largestRoom: number }
  | { kind: "sold_out"; nights: number; suggestions: StaySuggestion[] }
  | { kind: "unreachable" };

/** What a guest must fill in before anything is asked of the API (a search, or a booking's new dates). */
export function missingStayFields(query: StayQuery, words: GuestWords): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!query.checkin) errors.checkin = words.t("search.missingCheckin");
  if (!query.checkout) errors.checkout = words.t("search.missingCheckout");
  if (!query.adults) errors.adults = words.t("search.missingAdults");
  return errors;
}

/**
 * A guest's search, through the partner API: the room types free for the stay (cheapest
 * first, as the API lists them), or why there are none: too many adults for any room, or
 * sold out, with the nearest other dates that are free. The API is the judge of the dates.
 */
export async function searchStays(client: PartnerClient, query: StayQuery, today: string, words: GuestWords): Promise<SearchOutcome> {
  const missing = missingStayFields(query, words);
  if (Object.keys(missing).length) return { kind: "invalid", fieldErrors: missing };
  try {
    const availability = await client.availability(query);
    if (availability.roomTypes.length) return { kind: "offers", availability };
    const roomTypes = await client.roomTypes();
    const largestRoom = Math.max(0, ...roomTypes.map((r) => r.maxAdults));
    if (availability.adults > largestRoom) return { kind: "too_many_adults", largestRoom };
    return { kind: "sold_out", nights: availability.nights, suggestions: await suggestionsFor(client, availability, roomTypes, today) };
  } catch (error) {
    if (isPartnerApiError(error, "validation_failed")) return { kind: "invalid", fieldErrors: fieldErrorsOf(error, words) };
    if (error instanceof PartnerApiUnreachable || isPartnerApiError(error, "rate_limited")) return { kind: "unreachable" };
    throw error;
  }
}

async function suggestionsFor(client: PartnerClient, asked: AvailabilityView, roomTypes: { id: string; maxAdults: number }[], today: string) {
  if (!isCalendarDate(asked.checkin)) return [];
  const window = suggestionWindow(asked.checkin, asked.nights, today);
  if (daysBetween(window.from, window.to) >= 366) return [];
  const rates = await client.rates(window);
  return suggestStayDates({ rates, maxAdultsByRoomType: new Map(roomTypes.map((r) => [r.id, r.maxAdults])), adults: asked.adults, checkin: asked.checkin, nights: asked.nights, today });
}
