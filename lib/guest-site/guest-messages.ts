import { formatWeekdayDayMonth } from "@/lib/dates/format-calendar-date";
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

/** What a guest reads when a change of their booking (dates, adults) cannot be made. */
export const CHANGE_MESSAGES = {
  unchanged: "Those are already your booking's dates and number of adults: there is nothing to change.",
  cancelled: "This booking has been cancelled, so it can no longer be changed.",
  ended: "This stay is over, so the booking can no longer be changed.",
  started: "Your stay has started, so its check-in date can no longer change. You can still change your check-out date and the number of adults.",
  other: "This booking can no longer be changed online. Please contact the hotel.",
  keyReused: "This confirmation was already used for another change of your booking. See the new price again, then confirm.",
  keyInUse: "Your change is still being made. Press Confirm change again in a moment: your booking will change only once.",
  busy: "We are very busy just now. Please try again in a minute: your booking will change only once.",
  unreachable: "We could not reach the booking system, so your booking may not have changed yet. Press Confirm change again: it will change only once.",
  incomplete: "This form is incomplete. Please open your booking and start the change again.",
} as const;

/**
 * A stay_restricted refusal as a guest reads it: the API's detail ("Stays arriving on 2026-12-31
 * must be at least 3 nights.") with its dates in words, and what to do.
 */
export function restrictionMessage(error: PartnerApiError): string {
  const detail = error.message.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (date) => formatWeekdayDayMonth(date));
  return `${detail} Please choose other dates.`;
}

export const UNKNOWN_RATE_PLAN_MESSAGE = "That rate is no longer offered for this room. Go back to the rooms and choose another rate.";
