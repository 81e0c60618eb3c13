/** What the Rate plans server actions answer with: plain data, so the forms work without JavaScript too. */

/**
 * The rate plan form as typed, returned with a refusal so nothing typed is lost. `priceRule`:
 * none, percent or amount (then `percent`, e.g. "-10", or `amount`, money such as "-5.00" or
 * "15"); `policy`: free_until (then `daysBefore` and `fee`) or non_refundable; `roomTypeIds`:
 * none ticked is every room type.
 */
export type RatePlanFormValues = {
  name: string;
  description: string;
  priceRule: string;
  percent: string;
  amount: string;
  policy: string;
  daysBefore: string;
  fee: string;
  roomTypeIds: string[];
};

export type RatePlanFormState = {
  values?: RatePlanFormValues;
  /** By field: name, description, priceRule (with percent, amount), policy (with daysBefore, fee), roomTypeIds. */
  fieldErrors?: Partial<Record<keyof RatePlanFormValues, string>>;
  error?: string;
  done?: string;
};

export const EMPTY_RATE_PLAN_VALUES: RatePlanFormValues = {
  name: "",
  description: "",
  priceRule: "none",
  percent: "",
  amount: "",
  policy: "free_until",
  daysBefore: "",
  fee: "first_night",
  roomTypeIds: [],
};

/** A viewer's answer when a Rate plans form is sent anyway (the page shows viewers no forms). */
export const RATE_PLANS_VIEW_ONLY = "You have view access to this property: only its admins can change rate plans.";
