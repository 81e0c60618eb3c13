import { formatMoney, type Money } from "@/lib/money/currency";
import { formatPriceDifference } from "@/lib/money/price-difference";
import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";
import type { BookingChangePrevious } from "@/lib/schemas/bookings";

/**
 * What the "Your booking has changed" e-mail says changed, in plain words: the old value of
 * each fact the guest sees ("was Wed 9 Dec 2026"), and the difference in price. Only the
 * fields the guest knows; the partner's externalReference is never mentioned.
 */
export type BookingChange = {
  /** Each changed field with its value before the change (the booking.changed event's `previous`). */
  previous: BookingChangePrevious;
  /** The name of `previous.roomTypeId`'s room type, when the room type changed. */
  previousRoomTypeName: string | null;
};

/** Does the change touch anything the guest sees? A new externalReference alone does not. */
export function guestSeesChange(previous: BookingChangePrevious): boolean {
  return Object.keys(previous).some((field) => field !== "externalReference");
}

/** "+ €95.00", "− €40.00" (a minus sign) or "no change": the new total against the old one (as the site's change preview says it). */
export function priceDifference(now: Money, before: Money | undefined): string {
  return (before && formatPriceDifference(now, before)) ?? "no change";
}

export function nightsInWords(nights: number): string {
  return `${nights} night${nights === 1 ? "" : "s"}`;
}

/**
 * A note for each changed fact the e-mail shows, keyed by the fact's label: "was <the old
 * value>" in the e-mail's words, or "updated" for the guest's details (whose old name and
 * address are not repeated to whoever holds the booking now). A fact that did not change has
 * no note. `formatDate` is the e-mail's own.
 */
export function changeNotes(change: BookingChange, formatDate: (date: string) => string): Map<string, string> {
  const { previous } = change;
  const notes = new Map<string, string>();
  const was = (label: string, value: string) => notes.set(label, `was ${value}`);
  if (previous.checkin !== undefined) was("Check-in", formatDate(previous.checkin));
  if (previous.checkout !== undefined) was("Check-out", formatDate(previous.checkout));
  if (previous.nights !== undefined) was("Nights", nightsInWords(previous.nights));
  if (previous.roomTypeId !== undefined) was("Room", change.previousRoomTypeName ?? "another room type");
  if (previous.adults !== undefined) was("Adults", String(previous.adults));
  if (previous.price !== undefined) was("Total price", formatMoney(previous.price));
  if (previous.guest !== undefined) notes.set("Guest", "updated");
  if (previous.ratePlan !== undefined) was("Rate", previous.ratePlan.name);
  if (previous.cancellation !== undefined) was("Cancellation", cancellationSentence(previous.cancellation));
  return notes;
}
