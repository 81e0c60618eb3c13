/** What the Rates bulk edit answers with: plain data, so the form works without JavaScript too. */

/** The bulk edit form as typed; `state` is keep, close or open. Returned with a refusal so nothing typed is lost. */
export type BulkEditValues = { from: string; to: string; weekdays: string[]; price: string; rooms: string; state: string };

export type BulkEditState = {
  values?: BulkEditValues;
  /** By field: from, to, weekdays, price, rooms, state. */
  fieldErrors?: Partial<Record<keyof BulkEditValues, string>>;
  error?: string;
  done?: string;
  /** The nights whose rooms for sale were kept at their rooms sold (above the rooms asked for). */
  keptAboveSoldNights?: string[];
};
