import { daysBetween, isCalendarDate } from "@/lib/dates/calendar-date";
import { isPartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import { extrasPerNight, occupancyLimitBroken, partyExtras, type Party } from "@/lib/rate-plans/party-price";
import type { AvailabilityView } from "@/lib/schemas/availability";
import type { RoomTypeView } from "@/lib/schemas/room-types";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { fieldErrorsOf } from "./guest-messages";
import { childrenAgesOf, type PartyQuery } from "./party-query";
import { suggestionWindow, suggestStayDates, type StaySuggestion } from "./suggest-stay-dates";

/** A stay as the guest asked for it: dates and who stays, as typed. */
export type StayQuery = { checkin: string; checkout: string } & PartyQuery;

export type SearchOutcome =
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "offers"; availability: AvailabilityView }
  | { kind: "too_many_adults"; largestRoom: number }
  /** Some room takes the adults, but none the whole party (the children, or everyone together). */
  | { kind: "party_too_large"; party: Party }
  | { kind: "sold_out"; nights: number; suggestions: StaySuggestion[] }
  | { kind: "unreachable" };

/** What a guest must fill in before anything is asked of the API (a search, or a booking's new dates): the dates, the adults, each child's age. */
export function missingStayFields(query: StayQuery, words: GuestWords): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!query.checkin) errors.checkin = words.t("search.missingCheckin");
  if (!query.checkout) errors.checkout = words.t("search.missingCheckout");
  if (!query.adults) errors.adults = words.t("search.missingAdults");
  const children = childrenAgesOf(query, words);
  return "fieldErrors" in children ? { ...errors, ...children.fieldErrors } : errors;
}

/** The stay to ask the API for, or what the guest must fill in first (missingStayFields). */
export function stayParamsOf(query: StayQuery, words: GuestWords): { stay: { checkin: string; checkout: string; adults: string; childrenAges: number[] } } | { fieldErrors: Record<string, string> } {
  const missing = missingStayFields(query, words);
  const children = childrenAgesOf(query, words);
  if (Object.keys(missing).length || "fieldErrors" in children) return { fieldErrors: missing };
  return { stay: { checkin: query.checkin, checkout: query.checkout, adults: query.adults, childrenAges: children.childrenAges } };
}

/** Whether a room type takes the party (party-price.ts: occupancyLimitBroken). */
const takesParty = (roomType: RoomTypeView, party: Party) => occupancyLimitBroken({ ...roomType, extraAdult: roomType.extraAdult.amount }, party) === null;

/**
 * A guest's search, through the partner API: the room types free for the stay and able to take
 * the party (cheapest first, as the API lists them), or why there are none: too many adults for
 * any room, a party no room takes, or sold out, with the nearest other dates that a room taking
 * the party is free. The API is the judge of the dates and the party.
 */
export async function searchStays(client: PartnerClient, query: StayQuery, today: string, words: GuestWords): Promise<SearchOutcome> {
  const asked = stayParamsOf(query, words);
  if ("fieldErrors" in asked) return { kind: "invalid", fieldErrors: asked.fieldErrors };
  try {
    const availability = await client.availability(asked.stay);
    if (availability.roomTypes.length) return { kind: "offers", availability };
    const roomTypes = await client.roomTypes();
    const largestRoom = Math.max(0, ...roomTypes.map((r) => r.maxAdults));
    if (availability.adults > largestRoom) return { kind: "too_many_adults", largestRoom };
    const party: Party = { adults: availability.adults, childrenAges: availability.childrenAges };
    const takingParty = roomTypes.filter((roomType) => takesParty(roomType, party));
    if (!takingParty.length) return { kind: "party_too_large", party };
    return { kind: "sold_out", nights: availability.nights, suggestions: await suggestionsFor(client, availability, takingParty, party, today) };
  } catch (error) {
    if (isPartnerApiError(error, "validation_failed")) return { kind: "invalid", fieldErrors: fieldErrorsOf(error, words) };
    if (error instanceof PartnerApiUnreachable || isPartnerApiError(error, "rate_limited")) return { kind: "unreachable" };
    throw error;
  }
}

/**
 * Other dates a room type taking the party is free, priced for the party: the calendar's prices
 * are for the adults a room type's rate covers, so each night adds what the party adds to it
 * (extra adults, each child's age band: GET /me).
 */
async function suggestionsFor(client: PartnerClient, asked: AvailabilityView, roomTypes: RoomTypeView[], party: Party, today: string) {
  if (!isCalendarDate(asked.checkin)) return [];
  const window = suggestionWindow(asked.checkin, asked.nights, today);
  if (daysBetween(window.from, window.to) >= 366) return [];
  const [rates, me] = await Promise.all([client.rates(window), client.me()]);
  const bands = me.property.childAgeBands.map((band) => ({ ...band, amount: band.amount.amount }));
  const extraPerNight = new Map(roomTypes.map((r) => [r.id, extrasPerNight(partyExtras({ adultsIncluded: r.adultsIncluded, extraAdult: r.extraAdult.amount }, bands, party))]));
  return suggestStayDates({ rates, maxAdultsByRoomType: new Map(roomTypes.map((r) => [r.id, r.maxAdults])), adults: asked.adults, checkin: asked.checkin, nights: asked.nights, today, extraPerNight });
}
