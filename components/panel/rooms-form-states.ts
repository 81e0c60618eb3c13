/** What the Rooms server actions answer with: plain data, so the forms work without JavaScript too. */

/** The room type form as typed (prices as money, e.g. "120.00"), returned with a refusal so nothing typed is lost. */
export type RoomTypeFormValues = { name: string; description: string; maxAdults: string; rooms: string; basePrice: string };

export type RoomTypeFormState = {
  values?: RoomTypeFormValues;
  /** By field: name, description, maxAdults, rooms, basePrice. */
  fieldErrors?: Partial<Record<keyof RoomTypeFormValues, string>>;
  error?: string;
  done?: string;
};

/** A viewer's answer when a Rooms or Rates form is sent anyway (the pages show viewers no forms). */
export const VIEW_ONLY = "You have view access to this property: only its admins can change room types and rates.";
