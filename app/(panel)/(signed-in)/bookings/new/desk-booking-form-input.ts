import { z } from "zod";
import type { DeskBookingFormState, DeskBookingFormValues } from "@/components/panel/desk-booking-form-states";
import type { DeskBookingDetails } from "@/lib/bookings/booking";
import { formFieldChecker } from "@/lib/schemas/field-errors";
import { GuestSchema, type CreateBookingInput } from "@/lib/schemas/bookings";
import { GuestPhoneSchema, StaffNoteSchema } from "@/lib/schemas/desk-bookings";

type FieldErrors = NonNullable<DeskBookingFormState["fieldErrors"]>;

const Email = z.string().trim().pipe(GuestSchema.shape.email);

/**
 * The New booking form's guest details, checked with the API's own guest schema (names, e-mail)
 * and the desk's (phone, note), each message beside its field. Either the guest and the desk
 * details, or the field errors.
 */
export function readDeskBookingForm(form: FormData): {
  values: DeskBookingFormValues;
  guest?: CreateBookingInput["guest"];
  desk?: DeskBookingDetails;
  fieldErrors?: FieldErrors;
} {
  const text = (name: keyof DeskBookingFormValues) => String(form.get(name) ?? "");
  const values: DeskBookingFormValues = { firstName: text("firstName"), lastName: text("lastName"), email: text("email"), phone: text("phone"), note: text("note") };
  const fieldErrors: FieldErrors = {};
  const check = formFieldChecker(values, fieldErrors);
  const firstName = check("firstName", GuestSchema.shape.firstName);
  const lastName = check("lastName", GuestSchema.shape.lastName);
  const email = check("email", Email);
  const guestPhone = check("phone", GuestPhoneSchema);
  const staffNote = check("note", StaffNoteSchema);
  if (Object.keys(fieldErrors).length) return { values, fieldErrors };
  return { values, guest: { firstName: firstName!, lastName: lastName!, email: email! }, desk: { guestPhone: guestPhone ?? null, staffNote: staffNote ?? null } };
}
