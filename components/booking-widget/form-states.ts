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
