import { z } from "zod";
import { FOLLOWING_FIELDS, type RoomTypeFormState, type RoomTypeFormValues, shownFieldName } from "@/components/panel/rooms-form-states";
import { isDomainError } from "@/lib/errors";
import { parseMoney } from "@/lib/money/currency";
import { roomTypeFieldProblems, type RoomTypeFields } from "@/lib/room-types/room-type-fields";
import { asSentence } from "@/lib/text/as-sentence";

const WholeNumber = z.string().trim().regex(/^\d{1,6}$/, "Enter a whole number, e.g. 2.").transform(Number);

const WHOLE_NUMBER_FIELDS = ["maxAdults", "maxChildren", "maxOccupancy", "adultsIncluded", "rooms"] as const;
const MONEY_FIELDS = ["basePrice", "extraAdult"] as const;

/** The room type's fields a form gives: max occupancy and adults included are left out when the admin left them as shown. */
export type RoomTypeFormFields = Omit<RoomTypeFields, (typeof FOLLOWING_FIELDS)[number]> & Partial<Pick<RoomTypeFields, (typeof FOLLOWING_FIELDS)[number]>>;

/**
 * The room type form read and checked: the numbers as whole numbers (zod), the prices as money in
 * the property's currency, then the domain's own rules (the admin CLI's) on every field that could
 * be read, each message beside its field. Max occupancy and adults included left as the form
 * showed them are not given (FOLLOWING_FIELDS).
 */
export function readRoomTypeForm(form: FormData, currency: string): { values: RoomTypeFormValues; fields?: RoomTypeFormFields; refusal?: RoomTypeFormState } {
  const text = (name: string) => String(form.get(name) ?? "");
  const values: RoomTypeFormValues = {
    name: text("name"),
    description: text("description"),
    maxAdults: text("maxAdults"),
    maxChildren: text("maxChildren"),
    maxOccupancy: text("maxOccupancy"),
    adultsIncluded: text("adultsIncluded"),
    extraAdult: text("extraAdult"),
    rooms: text("rooms"),
    basePrice: text("basePrice"),
  };
  const fieldErrors: NonNullable<RoomTypeFormState["fieldErrors"]> = {};
  const fields: Partial<RoomTypeFields> = { name: values.name, description: values.description };
  for (const field of WHOLE_NUMBER_FIELDS) {
    const parsed = WholeNumber.safeParse(values[field]);
    if (parsed.success) fields[field] = parsed.data;
    else fieldErrors[field] = parsed.error.issues[0]?.message ?? "Enter a whole number.";
  }
  for (const field of MONEY_FIELDS) {
    const price = parseMoney(values[field], currency);
    if (price.ok) fields[field] = price.amount;
    else fieldErrors[field] = price.message;
  }
  for (const field of FOLLOWING_FIELDS) {
    if (form.has(shownFieldName(field)) && values[field].trim() === text(shownFieldName(field)).trim()) delete fields[field];
  }
  for (const problem of roomTypeFieldProblems(fields)) fieldErrors[problem.field] ??= asSentence(problem.message);
  if (!Object.keys(fieldErrors).length) return { values, fields: fields as RoomTypeFormFields };
  return { values, refusal: { values, fieldErrors, error: "Check the highlighted fields." } };
}

/** A domain refusal naming its fields (updateRoomType's `details.errors`) as the form's refusal, each beside its field; anything else is thrown on. */
export function roomTypeRefusal(error: unknown, values: RoomTypeFormValues): RoomTypeFormState {
  const errors = isDomainError(error, "invalid_argument") ? (error.details.errors as { field: string; message: string }[] | undefined) : undefined;
  if (!errors?.length) throw error;
  const fieldErrors: NonNullable<RoomTypeFormState["fieldErrors"]> = {};
  for (const { field, message } of errors) if (field in values) fieldErrors[field as keyof RoomTypeFormValues] ??= asSentence(message);
  return { values, fieldErrors, error: "Check the highlighted fields." };
}
