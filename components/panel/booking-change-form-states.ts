/** What the booking page's Change action answers with: plain data, so the form works without JavaScript too. */

/** The Change form as typed, returned with every answer so nothing typed is lost. */
export type BookingChangeFormValues = {
  checkin: string;
  checkout: string;
  roomTypeId: string;
  adults: string;
  /** How many children, and each one's age (the guest widget's fields: lib/guest-site/party-query.ts). */
  children: string;
  ages: string[];
  firstName: string;
  lastName: string;
  email: string;
  /** Empty clears the booking's partner reference. */
  externalReference: string;
};

/** A message beside a field of the form: each child's age has its own (age1, age2, ...). */
export type BookingChangeFieldErrors = Partial<Record<Exclude<keyof BookingChangeFormValues, "ages"> | `age${number}`, string>>;

/** A dry run of the change, in words: what it changes, its price, each night's and the difference. */
export type BookingChangeQuote = {
  changes: { label: string; from: string; to: string }[];
  price: string;
  previousPrice: string;
  /** "+ €100.00", "− €50.00" (the guest site's and e-mail's wording), "no difference". */
  difference: string;
  nightly: { date: string; night: string; amount: string }[];
  /** The total previewed, sent back with Confirm: a change to any other price is refused and quoted again. */
  expectedPrice: { amount: number; currency: string };
};

export type BookingChangeFormState = {
  /** The change's Idempotency-Key, rendered into the form: a second submission of it changes nothing more. */
  idempotencyKey: string;
  values: BookingChangeFormValues;
  /** By form field: checkin, checkout, adults, children, age1, age2, email, ... */
  fieldErrors?: BookingChangeFieldErrors;
  error?: string;
  /** Present: the form shows this preview and asks to confirm it. */
  quote?: BookingChangeQuote;
  /** Said with a preview, e.g. that the price moved since the last one. */
  notice?: string;
  done?: string;
};

/** The submit buttons' `intent`: preview the change, confirm the preview, or go back to editing it. */
export type BookingChangeIntent = "preview" | "confirm" | "edit";
