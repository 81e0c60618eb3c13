/** What the Rates bulk edit answers with: plain data, so the form works without JavaScript too. */

/**
 * The bulk edit form as typed, returned with a refusal so nothing typed is lost. `state`,
 * `arrival` and `departure` are keep, close or open; `minStay` and `maxStay` are nights (empty:
 * unchanged); `clearMaxStay` ("on") removes the max stay.
 */
export type BulkEditValues = {
  from: string;
  to: string;
  weekdays: string[];
  price: string;
  rooms: string;
  state: string;
  minStay: string;
  maxStay: string;
  clearMaxStay: string;
  arrival: string;
  departure: string;
};

export type BulkEditState = {
  values?: BulkEditValues;
  /** By field: from, to, weekdays, price, rooms, state, minStay, maxStay, arrival, departure. */
  fieldErrors?: Partial<Record<keyof BulkEditValues, string>>;
  error?: string;
  done?: string;
  /** The nights whose rooms for sale were kept at their rooms sold (above the rooms asked for). */
  keptAboveSoldNights?: string[];
};
