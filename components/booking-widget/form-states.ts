import type { StayQuote } from "@/lib/guest-site/change-stay";
import type { PartyQuery } from "@/lib/guest-site/party-query";
import type { StaySuggestion } from "@/lib/guest-site/suggest-stay-dates";
import type { Money } from "@/lib/money/currency";
import type { AvailabilityView } from "@/lib/schemas/availability";

/** What the widget's server actions answer with: plain data, so it renders with JavaScript off too. */
export type BookState = {
  /** The attempt's Idempotency-Key, kept across retries of the same form. */
  idempotencyKey: string;
  values: { firstName: string; lastName: string; email: string };
  /** By API field name: guest.firstName, guest.email, checkin. */
  fieldErrors?: Record<string, string>;
  /** A refusal, or the API not answering (then pressing Book again is safe, and the message says so). */
  error?: string;
  /** The form already booked another stay: the error comes with links to Find your booking and a new search. */
  formUsed?: boolean;
  soldOut?: { message: string; alternatives: AvailabilityView["roomTypes"] };
};

export type CancelStayState = { error?: string };

export type FindBookingState = { values?: { reference: string; email: string }; error?: string };

/** A booking's new dates and party (adults, how many children, each age), as the guest typed them. */
export type ChangeStayValues = { checkin: string; checkout: string } & PartyQuery;

/**
 * "Change dates or guests" on the manage page: editing the new stay, or its preview with
 * Confirm change. The booking is always the manage link's (the form's token), never the state's.
 */
export type ChangeStayState = {
  step: "edit" | "preview";
  values: ChangeStayValues;
  /** By field: checkin, checkout, adults, children, age1, age2, ... */
  fieldErrors?: Record<string, string>;
  /** A refusal, or the API not answering (with the values kept). */
  error?: string;
  /** Nothing went wrong, but there is nothing to do (the booking already has these dates). */
  notice?: string;
  /** The stay turned out to have started: its check-in date can no longer change. */
  started?: boolean;
  /** The booking can no longer change at all (cancelled, or its stay is over): no form, a way back. */
  closed?: boolean;
  soldOut?: { night: string | null; nights: number; suggestions: StaySuggestion[] };
  preview?: {
    quote: StayQuote;
    /** The booking's total now, for the difference. */
    currentPrice: Money;
    /** The Idempotency-Key of Confirm change, made with this preview: the form changes the booking once. */
    idempotencyKey: string;
    /** The price moved since the guest last saw it: this is the new quote, to confirm again. */
    priceChanged?: boolean;
  };
};
