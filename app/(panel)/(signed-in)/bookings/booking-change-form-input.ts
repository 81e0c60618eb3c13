import { z } from "zod";
import type { BookingChangeFormState, BookingChangeFormValues } from "@/components/panel/booking-change-form-states";
import type { BookingChangeRequest } from "@/lib/bookings/plan-booking-change";
import { isId } from "@/lib/ids";
import { CreateBookingSchema, GuestSchema, type BookingView } from "@/lib/schemas/bookings";
import { CalendarDateSchema, PersonNameSchema, printableAscii } from "@/lib/schemas/common";
import { formFieldChecker } from "@/lib/schemas/field-errors";
import { asSentence } from "@/lib/text/as-sentence";

type FieldErrors = NonNullable<BookingChangeFormState["fieldErrors"]>;

const Adults = z.string().trim().regex(/^\d{1,3}$/, "Enter a whole number, e.g. 2.").transform(Number).pipe(CreateBookingSchema.shape.adults);
const Email = z.string().trim().pipe(GuestSchema.shape.email);
const Reference = printableAscii(100);

/** The Change form's fields as the booking has them now (its first rendering, and after a change). */
export function bookingChangeFormValues(booking: BookingView): BookingChangeFormValues {
  return {
    checkin: booking.checkin,
    checkout: booking.checkout,
    roomTypeId: booking.roomTypeId,
    adults: String(booking.adults),
    firstName: booking.guest.firstName,
    lastName: booking.guest.lastName,
    email: booking.guest.email,
    externalReference: booking.externalReference ?? "",
  };
}

/**
 * The Change form read and checked with the API's own schemas, each message beside its field.
 * Every field is sent (changeBooking changes only what differs), except check-in and room type
 * when the form left them out (a stay that has started shows them, disabled). An empty partner
 * reference clears it.
 */
export function readBookingChangeForm(form: FormData): { values: BookingChangeFormValues; request?: BookingChangeRequest; fieldErrors?: FieldErrors } {
  const text = (name: keyof BookingChangeFormValues) => String(form.get(name) ?? "");
  const values: BookingChangeFormValues = {
    checkin: text("checkin"),
    checkout: text("checkout"),
    roomTypeId: text("roomTypeId"),
    adults: text("adults"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    externalReference: text("externalReference"),
  };
  const fieldErrors: FieldErrors = {};
  const check = formFieldChecker(values, fieldErrors);

  const request: BookingChangeRequest = {};
  if (form.has("checkin")) request.checkin = check("checkin", CalendarDateSchema);
  request.checkout = check("checkout", CalendarDateSchema);
  if (form.has("roomTypeId")) {
    if (isId("rt", values.roomTypeId)) request.roomTypeId = values.roomTypeId;
    else fieldErrors.roomTypeId = "Choose a room type.";
  }
  request.adults = check("adults", Adults);
  request.guest = { firstName: check("firstName", PersonNameSchema), lastName: check("lastName", PersonNameSchema), email: check("email", Email) };
  const reference = values.externalReference.trim();
  request.externalReference = reference === "" ? null : check("externalReference", Reference);

  if (Object.keys(fieldErrors).length) return { values, fieldErrors };
  return { values, request };
}

/** The price a preview showed, sent back with Confirm (hidden fields the form renders). */
export function readExpectedPrice(form: FormData): { amount: number; currency: string } | undefined {
  const amount = Number(form.get("expectedAmount"));
  const currency = String(form.get("expectedCurrency") ?? "");
  if (!Number.isSafeInteger(amount) || amount < 0 || !/^[A-Z]{3}$/.test(currency)) return undefined;
  return { amount, currency };
}

/** Domain field errors (a stay's rules) beside the form's fields; any the form has no field for go to the message. */
export function fieldErrorsOf(errors: { field: string; message: string }[]): { fieldErrors: FieldErrors; others: string[] } {
  const fieldErrors: FieldErrors = {};
  const others: string[] = [];
  for (const { field, message } of errors) {
    const name = field.replace(/^guest\./, "") as keyof BookingChangeFormValues;
    if (FORM_FIELDS.has(name)) fieldErrors[name] ??= asSentence(message);
    else others.push(asSentence(`${field}: ${message}`));
  }
  return { fieldErrors, others };
}

const FORM_FIELDS = new Set<string>(["checkin", "checkout", "roomTypeId", "adults", "firstName", "lastName", "email", "externalReference"]);
