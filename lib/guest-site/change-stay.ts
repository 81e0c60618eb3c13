import { daysBetween, isCalendarDate, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Money } from "@/lib/money/currency";
import { isPartnerApiError, type PartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import type { BookingView } from "@/lib/schemas/bookings";
import { changeSuggestionWindow, suggestChangedStayDates } from "./change-stay-dates";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { fieldErrorsOf, restrictionMessage } from "./guest-messages";
import { childrenAgesOf } from "./party-query";
import { missingStayFields, type StayQuery } from "./search-stays";
import type { StaySuggestion } from "./suggest-stay-dates";

/**
 * A new stay for a booking and what it costs: a dry run's answer, or a price_changed refusal's
 * quote; extras (what the party adds to each night) when the dry run said them.
 */
export type StayQuote = {
  checkin: CalendarDate;
  checkout: CalendarDate;
  nights: number;
  adults: number;
  childrenAges: number[];
  price: Money;
  nightly: { date: CalendarDate; amount: number }[];
  extras?: BookingView["extras"];
};

/** Why a booking cannot change at all, or not so: cancelled, its stay over, or started (its check-in stays). */
export type NotChangeableReason = "cancelled" | "ended" | "started" | "other";

export type ChangeStayOutcome =
  | { kind: "quote"; quote: StayQuote }
  /** The form names the booking's own dates and party. */
  | { kind: "unchanged" }
  | { kind: "changed"; booking: BookingView; replayed: boolean }
  /** The confirmed price is no longer the price: the new quote, to confirm again. */
  | { kind: "price_changed"; quote: StayQuote }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  /** night: the first night the room is not free (null when it is again by now). */
  | { kind: "sold_out"; night: CalendarDate | null; nights: number; suggestions: StaySuggestion[] }
  | { kind: "not_changeable"; reason: NotChangeableReason; checkin: CalendarDate }
  /** The new stay breaks a stay restriction of the hotel (a minimum stay, no arrivals on a date...), in the guest's words. */
  | { kind: "restricted"; message: string }
  /** The form was already used for another change, or is being used right now, or the API is busy. */
  | { kind: "refused"; reason: "key_reused" | "key_in_use" | "busy" }
  | { kind: "not_found" }
  | { kind: "unreachable" };

/** The guest's form: dates, adults and each child's age as typed; the API judges them, once they are there at all. */
export type StayChangeForm = StayQuery;

/** The change asked for: every child as they now are ([] when none come). */
type StayChange = { checkin: string; checkout: string; adults: number; childrenAges: number[] };

/** The change a form asks for, or what is missing from it, beside each field. */
export function stayChangeOf(form: StayChangeForm, words: GuestWords): { change: StayChange } | { fieldErrors: Record<string, string> } {
  const errors = missingStayFields(form, words);
  const adults = Number(form.adults);
  if (form.adults && !Number.isInteger(adults)) errors.adults = words.t("search.adultsWhole");
  const children = childrenAgesOf(form, words);
  if (Object.keys(errors).length || "fieldErrors" in children) return { fieldErrors: errors };
  return { change: { checkin: form.checkin, checkout: form.checkout, adults, childrenAges: children.childrenAges } };
}

const quoteOf = (stay: StayChange, price: Money, nightly: StayQuote["nightly"], extras?: StayQuote["extras"]): StayQuote => ({ ...stay, nights: nightly.length, price, nightly, ...(extras ? { extras } : {}) });

const sameAges = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((age, index) => age === b[index]);

/**
 * "See the new price": the booking as the form would make it (PATCH ?dryRun=true, nothing
 * stored), or why it cannot be so.
 */
export async function previewStayChange(client: PartnerClient, booking: BookingView, form: StayChangeForm, words: GuestWords): Promise<ChangeStayOutcome> {
  const asked = stayChangeOf(form, words);
  if ("fieldErrors" in asked) return { kind: "invalid", fieldErrors: asked.fieldErrors };
  try {
    const { booking: after } = await client.changeBooking(booking.id, asked.change, { dryRun: true });
    const same = after.checkin === booking.checkin && after.checkout === booking.checkout && after.adults === booking.adults && sameAges(after.childrenAges, booking.childrenAges);
    return same ? { kind: "unchanged" } : { kind: "quote", quote: quoteOf(asked.change, after.price, after.nightly, after.extras) };
  } catch (error) {
    return refusal(client, booking, asked.change, error, words);
  }
}

/**
 * "Confirm change": the previewed change, guarded by the previewed total and made with the
 * preview's Idempotency-Key, so a double submit or a resubmitted form changes the booking once.
 */
export async function confirmStayChange(
  client: PartnerClient,
  booking: BookingView,
  form: StayChangeForm,
  confirm: { expectedPrice: Money; idempotencyKey: string },
  words: GuestWords,
): Promise<ChangeStayOutcome> {
  const asked = stayChangeOf(form, words);
  if ("fieldErrors" in asked) return { kind: "invalid", fieldErrors: asked.fieldErrors };
  try {
    const { booking: after, replayed } = await client.changeBooking(booking.id, asked.change, confirm);
    return { kind: "changed", booking: after, replayed };
  } catch (error) {
    if (isPartnerApiError(error, "price_changed") && error.quote) return { kind: "price_changed", quote: quoteOf(asked.change, error.quote.price, error.quote.nightly) };
    return refusal(client, booking, asked.change, error, words);
  }
}

/** A refused change in terms the site can explain; anything else unexpected is thrown on. */
async function refusal(client: PartnerClient, booking: BookingView, asked: StayChange, error: unknown, words: GuestWords): Promise<ChangeStayOutcome> {
  if (error instanceof PartnerApiUnreachable) return { kind: "unreachable" };
  if (!isPartnerApiError(error)) throw error;
  try {
    switch (error.code) {
      case "validation_failed":
        return { kind: "invalid", fieldErrors: fieldErrorsOf(error, words) };
      case "occupancy_exceeded":
        return { kind: "invalid", fieldErrors: await occupancyErrors(client, booking, error, words) };
      case "no_availability":
        return await soldOut(client, booking, asked);
      case "stay_restricted":
        return { kind: "restricted", message: restrictionMessage(error, words) };
      case "booking_not_changeable":
        return await notChangeable(client, booking);
      case "not_found":
        return { kind: "not_found" };
      case "idempotency_key_reused":
        return { kind: "refused", reason: "key_reused" };
      case "idempotency_key_in_use":
        return { kind: "refused", reason: "key_in_use" };
      case "rate_limited":
        return { kind: "refused", reason: "busy" };
    }
  } catch (explaining) {
    // The refusal stands; only its explanation could not be fetched.
    if (explaining instanceof PartnerApiUnreachable || isPartnerApiError(explaining)) return { kind: "unreachable" };
    throw explaining;
  }
  throw error;
}

/** The room's limit the new party breaks, beside its field: the adults, or the children (their number, or everyone together). */
async function occupancyErrors(client: PartnerClient, booking: BookingView, error: PartnerApiError, words: GuestWords): Promise<Record<string, string>> {
  const limit = error.limit ?? { name: "maxAdults", value: (await client.roomType(booking.roomTypeId)).maxAdults };
  switch (limit.name) {
    case "maxAdults":
      return { adults: words.t("change.occupancy", { adults: words.adults(limit.value) }) };
    case "maxChildren":
      return { children: words.t("change.occupancyChildren", { count: limit.value }) };
    case "maxOccupancy":
      return { children: words.t("change.occupancyGuests", { guests: limit.value }) };
  }
}

/** No room for the new dates: the first night that is not free, and the nearest dates that are (as a search suggests). */
async function soldOut(client: PartnerClient, booking: BookingView, asked: StayChange): Promise<ChangeStayOutcome> {
  const nights = daysBetween(asked.checkin, asked.checkout);
  const today = (await client.me()).property.today;
  const window = changeSuggestionWindow(booking, asked, today);
  if (!isCalendarDate(window.from) || window.to < window.from || daysBetween(window.from, window.to) >= 366) return { kind: "sold_out", night: null, nights, suggestions: [] };
  const rates = await client.rates({ ...window, roomTypeId: booking.roomTypeId }).catch((error: unknown) => {
    if (isPartnerApiError(error, "validation_failed")) return null; // beyond the calendar's horizon
    throw error;
  });
  if (!rates) return { kind: "sold_out", night: null, nights, suggestions: [] };
  return { kind: "sold_out", nights, ...suggestChangedStayDates({ rates, booking, asked, today }) };
}

/** Why the API would not change the booking, from the booking as it stands now (it may have been cancelled meanwhile). */
async function notChangeable(client: PartnerClient, booking: BookingView): Promise<ChangeStayOutcome> {
  const [now, me] = await Promise.all([client.getBooking(booking.id), client.me()]);
  const today = me.property.today;
  const reason: NotChangeableReason = now.status === "cancelled" ? "cancelled" : now.checkout <= today ? "ended" : now.checkin < today ? "started" : "other";
  return { kind: "not_changeable", reason, checkin: now.checkin };
}
