import { z } from "zod";
import type { BookingChangeFieldErrors, BookingChangeFormValues } from "@/components/panel/booking-change-form-states";
import type { BookingChangeRequest } from "@/lib/bookings/plan-booking-change";
import { childrenAgesOf, partyFormField, partyQueryFrom, partyQueryOf } from "@/lib/guest-site/party-query";
import { guestWords } from "@/lib/i18n/guest-words";
import { isId } from "@/lib/ids";
import { CreateBookingSchema, GuestSchema, type BookingView } from "@/lib/schemas/bookings";
import { CalendarDateSchema, PersonNameSchema, printableAscii } from "@/lib/schemas/common";
import { formFieldChecker } from "@/lib/schemas/field-errors";
import { asSentence } from "@/lib/text/as-sentence";

type FieldErrors = BookingChangeFieldErrors;

const Adults = z.string().trim().regex(/^\d{1,3}$/, "Enter a whole number, e.g. 2.").transform(Number).pipe(CreateBookingSchema.shape.adults);
const Email = z.string().trim().pipe(GuestSchema.shape.email);
const Reference = printableAscii(100);

/** The Change form's fields as the booking has them now (its first rendering, and after a change). */
export function bookingChangeFormValues(booking: BookingView): BookingChangeFormValues {
  return {
    checkin: booking.checkin,
    checkout: booking.checkout,
    roomTypeId: booking.roomTypeId,
    ...partyQueryFrom({ adults: booking.adults, childrenAges: booking.childrenAges }),
    firstName: booking.guest.firstName,
    lastName: booking.guest.lastName,
    email: booking.guest.email,
    externalReference: booking.externalReference ?? "",
  };
}

/**
 * The Change form read and checked with the API's own schemas, each message beside its field.
 * Every field is sent (changeBooking changes only what differs), except check-in and room type
 * when the form left them out (a stay that has started shows them, disabled). The children are
 * how many and each one's age, as the guest widget takes them (all of them: none is []). An
 * empty partner reference clears it.
 */
export function readBookingChangeForm(form: FormData): { values: BookingChangeFormValues; request?: BookingChangeRequest; fieldErrors?: FieldErrors } {
  const text = (name: string) => String(form.get(name) ?? "");
  const { children, ages } = partyQueryOf(text);
  const textValues = {
    checkin: text("checkin"),
    checkout: text("checkout"),
    roomTypeId: text("roomTypeId"),
    adults: text("adults"),
    children,
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    externalReference: text("externalReference"),
  };
  const values: BookingChangeFormValues = { ...textValues, ages };
  const fieldErrors: FieldErrors = {};
  const check = formFieldChecker(textValues, fieldErrors);

  const request: BookingChangeRequest = {};
  if (form.has("checkin")) request.checkin = check("checkin", CalendarDateSchema);
  request.checkout = check("checkout", CalendarDateSchema);
  if (form.has("roomTypeId")) {
    if (isId("rt", values.roomTypeId)) request.roomTypeId = values.roomTypeId;
    else fieldErrors.roomTypeId = "Choose a room type.";
  }
  request.adults = check("adults", Adults);
  // All the children as they now are ([] when none come), in the guest widget's words.
  const party = childrenAgesOf(values, guestWords("en"));
  if ("fieldErrors" in party) Object.assign(fieldErrors, party.fieldErrors);
  else request.childrenAges = party.childrenAges;
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
    const name = partyFormField(field.replace(/^guest\./, "")) as keyof FieldErrors;
    if (FORM_FIELDS.has(name) || /^age\d+$/.test(name)) fieldErrors[name] ??= asSentence(message);
    else others.push(asSentence(`${field}: ${message}`));
  }
  return { fieldErrors, others };
}

const FORM_FIELDS = new Set<string>(["checkin", "checkout", "roomTypeId", "adults", "children", "firstName", "lastName", "email", "externalReference"]);
