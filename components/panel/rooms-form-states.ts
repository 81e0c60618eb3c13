/** What the Rooms server actions answer with: plain data, so the forms work without JavaScript too. */

/** The room type form as typed (prices as money, e.g. "120.00"), returned with a refusal so nothing typed is lost. */
export type RoomTypeFormValues = {
  name: string;
  description: string;
  maxAdults: string;
  maxChildren: string;
  maxOccupancy: string;
  adultsIncluded: string;
  extraAdult: string;
  rooms: string;
  basePrice: string;
};

/**
 * The fields that follow max adults when left as the form showed them (the hidden `shown…` inputs
 * carry what it showed): not given to the domain, so updateRoomType's follow rule (and
 * createRoomType's defaults) apply, as when the admin CLI is not given them.
 */
export const FOLLOWING_FIELDS = ["maxOccupancy", "adultsIncluded"] as const satisfies readonly (keyof RoomTypeFormValues)[];

export const shownFieldName = (field: (typeof FOLLOWING_FIELDS)[number]) => `shown.${field}`;

export type RoomTypeFormState = {
  values?: RoomTypeFormValues;
  /** By field: name, description, maxAdults, maxChildren, maxOccupancy, adultsIncluded, extraAdult, rooms, basePrice. */
  fieldErrors?: Partial<Record<keyof RoomTypeFormValues, string>>;
  error?: string;
  done?: string;
};

/** A viewer's answer when a Rooms or Rates form is sent anyway (the pages show viewers no forms). */
export const VIEW_ONLY = "You have view access to this property: only its admins can change room types and rates.";
