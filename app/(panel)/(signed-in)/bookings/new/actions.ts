"use server";

import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import type { DeskBookingFormState } from "@/components/panel/desk-booking-form-states";
import { deskActor } from "@/lib/bookings/booking-actor";
import { isRefusal, type BookingRefusal } from "@/lib/bookings/booking-outcome";
import { refusalError } from "@/lib/bookings/booking-refusals";
import { createBooking } from "@/lib/bookings/create-booking";
import { getDb } from "@/lib/db";
import { bookingAttemptKey } from "@/lib/guest-site/book-stay";
import { childrenAgesOf, partyQueryOf } from "@/lib/guest-site/party-query";
import { guestWords } from "@/lib/i18n/guest-words";
import { PROPERTY_CLOCK } from "@/lib/properties/property-today";
import { CreateBookingSchema } from "@/lib/schemas/bookings";
import { CalendarDateSchema, PropertyIdSchema, printableAscii, RatePlanIdSchema, RoomTypeIdSchema } from "@/lib/schemas/common";
import { asSentence } from "@/lib/text/as-sentence";
import { authorizeAction } from "../../../_lib/panel-session";
import { runPanelAction } from "../../../_lib/run-panel-action";
import { readDeskBookingForm } from "./desk-booking-form-input";

const StayForm = z.object({
  propertyId: PropertyIdSchema,
  idempotencyKey: printableAscii(100),
  roomTypeId: RoomTypeIdSchema,
  checkin: CalendarDateSchema,
  checkout: CalendarDateSchema,
  adults: z.coerce.number().pipe(CreateBookingSchema.shape.adults),
  /** The offer's plan; absent: the Standard plan. */
  ratePlanId: RatePlanIdSchema.optional(),
});

/**
 * New booking (admins), its last step: the guest's details for the stay and room type chosen,
 * made by createBooking as an API booking is (the same rules, event and guest e-mail), at the
 * desk by the signed-in staff member. The Idempotency-Key is the form's key (made when the form
 * was rendered) and the guest, as on the guest site: a double submit or a resubmit of the form
 * makes one booking and shows it. Success opens the booking's page.
 */
export async function createDeskBookingAction(previous: DeskBookingFormState, form: FormData): Promise<DeskBookingFormState> {
  const fields = ["propertyId", "idempotencyKey", "roomTypeId", "checkin", "checkout", "adults", "ratePlanId"].map((name) => [name, form.get(name) || undefined]);
  const stay = StayForm.safeParse(Object.fromEntries(fields));
  // The children travel as the search form has them (children, age1, age2...), each age chosen by now.
  const children = childrenAgesOf(partyQueryOf((name) => String(form.get(name) ?? "")), guestWords("en"));
  if (!stay.success || "fieldErrors" in children) {
    if (!PropertyIdSchema.safeParse(form.get("propertyId")).success) notFound();
    return { ...previous, error: "This booking form is incomplete. Start again from the search." };
  }
  const { propertyId, idempotencyKey, ...stayChosen } = stay.data;
  const chosen = { ...stayChosen, ...(children.childrenAges.length ? { childrenAges: children.childrenAges } : {}) };
  const { values, guest, desk, fieldErrors } = readDeskBookingForm(form);
  const state: DeskBookingFormState = { idempotencyKey, values };
  const { staff, error } = await authorizeAction(propertyId, "manage");
  if (error) return { ...state, error };
  if (!guest) return { ...state, fieldErrors, error: "Check the highlighted fields." };

  let bookingId: string | undefined;
  const answer = await runPanelAction("/bookings", async () => {
    const db = getDb();
    const property = await db.property.findUniqueOrThrow({ where: { id: propertyId }, select: { id: true, name: true, currency: true, livePropertyId: true, ...PROPERTY_CLOCK } });
    const outcome = await createBooking(db, {
      property,
      input: { ...chosen, guest },
      actor: deskActor(staff),
      desk,
      idempotencyKey: bookingAttemptKey(idempotencyKey, guest),
    });
    if (isRefusal(outcome)) return refused(state, outcome);
    bookingId = outcome.booking.id;
    return state;
  });
  if (bookingId) redirect(`/bookings/${bookingId}`);
  return answer;
}

const STAY_FIELDS: Record<string, string> = { checkin: "Check-in", checkout: "Check-out", adults: "Adults", childrenAges: "Children's ages" };

/** A booking refused, said on the form: the refusal's words (refusalError, as the API says them), and what to do next. */
function refused(state: DeskBookingFormState, refusal: BookingRefusal): DeskBookingFormState {
  const { message } = refusalError(refusal);
  switch (refusal.kind) {
    case "unknown_rate_plan":
      return { ...state, soldOut: true, error: `${message} Choose another rate plan or room type.` };
    case "no_availability":
      return { ...state, soldOut: true, error: `${message} It was booked or closed since the search: choose another room type or other dates.` };
    case "invalid":
      return { ...state, error: `The stay can no longer be booked: ${refusal.errors.map((e) => asSentence(`${STAY_FIELDS[e.field] ?? e.field}: ${e.message}`)).join(" ")} Search again.` };
    case "idempotency_key_reused":
      return { ...state, madeBookingId: refusal.bookingId ?? "", error: "This form already made a booking for this guest with other details." };
    case "idempotency_key_in_use":
      return { ...state, error: "This booking is still being made. Wait a moment, then press Create booking again: it will not be booked twice." };
    default:
      return { ...state, error: message };
  }
}
