import type { GuestWords } from "@/lib/i18n/guest-words";
import type { Money } from "@/lib/money/currency";
import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";
import type { BookingChangePrevious, BookingView } from "@/lib/schemas/bookings";

/**
 * What the "Your booking has changed" e-mail says changed, in plain words: the old value of
 * each fact the guest sees ("was Wed, 9 Dec 2026", "was 2 adults, 1 child (4)"), and the
 * difference in price. Only the
 * fields the guest knows; the partner's externalReference is never mentioned.
 */
export type BookingChange = {
  /** Each changed field with its value before the change (the booking.changed event's `previous`). */
  previous: BookingChangePrevious;
  /** The name of `previous.roomTypeId`'s room type, when the room type changed. */
  previousRoomTypeName: string | null;
};

/** The facts of a guest e-mail that a change can touch. */
export type ChangeableFact = "checkIn" | "checkOut" | "nights" | "room" | "guests" | "totalPrice" | "guest" | "rate" | "cancellation";

/** Does the change touch anything the guest sees? A new externalReference alone does not. */
export function guestSeesChange(previous: BookingChangePrevious): boolean {
  return Object.keys(previous).some((field) => field !== "externalReference");
}

/** "+ €95.00", "− €40.00" (a minus sign) or "no change": the new total against the old one (as the site's change preview says it). */
export function priceDifference(now: Money, before: Money | undefined, words: GuestWords): string {
  return (before && words.priceDifference(now, before)) ?? words.t("email.noChange");
}

/**
 * A note for each changed fact the e-mail shows: "was <the old value>" in the e-mail's words, or
 * "updated" for the guest's details (whose old name and address are not repeated to whoever
 * holds the booking now). A fact that did not change has no note.
 */
export function changeNotes(change: BookingChange, words: GuestWords, booking: Pick<BookingView, "adults" | "childrenAges">): Map<ChangeableFact, string> {
  const { previous } = change;
  const notes = new Map<ChangeableFact, string>();
  const was = (fact: ChangeableFact, value: string) => notes.set(fact, words.t("email.was", { value }));
  if (previous.checkin !== undefined) was("checkIn", words.stayDate(previous.checkin));
  if (previous.checkout !== undefined) was("checkOut", words.stayDate(previous.checkout));
  if (previous.nights !== undefined) was("nights", words.nights(previous.nights));
  if (previous.roomTypeId !== undefined) was("room", change.previousRoomTypeName ?? words.t("email.anotherRoom"));
  // Who stays, as it was: a field the change left is as it is now.
  if (previous.adults !== undefined || previous.childrenAges !== undefined) {
    was("guests", words.party({ adults: previous.adults ?? booking.adults, childrenAges: previous.childrenAges ?? booking.childrenAges }));
  }
  if (previous.price !== undefined) was("totalPrice", words.money(previous.price));
  if (previous.guest !== undefined) notes.set("guest", words.t("email.updated"));
  if (previous.ratePlan !== undefined) was("rate", previous.ratePlan.name);
  if (previous.cancellation !== undefined) was("cancellation", cancellationSentence(previous.cancellation, words));
  return notes;
}
