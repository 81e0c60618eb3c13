import { z } from "zod";
import type { RoomTypeFormState, RoomTypeFormValues } from "@/components/panel/rooms-form-states";
import { parseMoney } from "@/lib/money/currency";
import { roomTypeFieldProblems, type RoomTypeFields } from "@/lib/room-types/room-type-fields";
import { asSentence } from "@/lib/text/as-sentence";

const WholeNumber = z.string().trim().regex(/^\d{1,6}$/, "Enter a whole number, e.g. 2.").transform(Number);

/**
 * The room type form read and checked: the numbers as whole numbers (zod), the base price as
 * money in the property's currency, then the domain's own rules (the admin CLI's) on every
 * field that could be read, each message beside its field.
 */
export function readRoomTypeForm(form: FormData, currency: string): { values: RoomTypeFormValues; fields?: RoomTypeFields; refusal?: RoomTypeFormState } {
  const text = (name: string) => String(form.get(name) ?? "");
  const values: RoomTypeFormValues = { name: text("name"), description: text("description"), maxAdults: text("maxAdults"), rooms: text("rooms"), basePrice: text("basePrice") };
  const fieldErrors: NonNullable<RoomTypeFormState["fieldErrors"]> = {};
  const fields: Partial<RoomTypeFields> = { name: values.name, description: values.description };
  for (const field of ["maxAdults", "rooms"] as const) {
    const parsed = WholeNumber.safeParse(values[field]);
    if (parsed.success) fields[field] = parsed.data;
    else fieldErrors[field] = parsed.error.issues[0]?.message ?? "Enter a whole number.";
  }
  const price = parseMoney(values.basePrice, currency);
  if (price.ok) fields.basePrice = price.amount;
  else fieldErrors.basePrice = price.message;
  for (const problem of roomTypeFieldProblems(fields)) fieldErrors[problem.field] ??= asSentence(problem.message);
  if (!Object.keys(fieldErrors).length) return { values, fields: fields as RoomTypeFields };
  return { values, refusal: { values, fieldErrors, error: "Check the highlighted fields." } };
}
