/** What the New booking form's server action answers with: plain data, so the form works without JavaScript too. */

/** The guest details as typed, returned with every answer so nothing typed is lost. */
export type DeskBookingFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  note: string;
};

export type DeskBookingFormState = {
  /** The form's key, made on the server when the form was rendered: with the guest, the booking's Idempotency-Key. */
  idempotencyKey: string;
  values: DeskBookingFormValues;
  /** By form field: firstName, lastName, email, phone, note. */
  fieldErrors?: Partial<Record<keyof DeskBookingFormValues, string>>;
  error?: string;
  /** The room type was sold (or closed) since the search: the way on is another room type or other dates. */
  soldOut?: boolean;
  /** This form already made a booking (or the first room of a group) with other details: it can be opened from the message. */
  madeBookingId?: string;
};

export const EMPTY_DESK_BOOKING_VALUES: DeskBookingFormValues = { firstName: "", lastName: "", email: "", phone: "", note: "" };
