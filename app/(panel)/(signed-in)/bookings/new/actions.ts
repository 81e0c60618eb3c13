"use server";

import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import type { DeskBookingFormState } from "@/components/panel/desk-booking-form-states";
import type { DeskBookingDetails } from "@/lib/bookings/booking";
import { deskActor, type BookingActor } from "@/lib/bookings/booking-actor";
import { isRefusal, type GroupRefusal } from "@/lib/bookings/booking-outcome";
import { refusalError } from "@/lib/bookings/booking-refusals";
import { createBooking, type BookingProperty } from "@/lib/bookings/create-booking";
import { createBookingGroup } from "@/lib/bookings/create-booking-group";
import { getDb, type Db } from "@/lib/db";
import { bookingAttemptKey } from "@/lib/guest-site/book-stay";
import { childrenAgesOf, partyQueryOf } from "@/lib/guest-site/party-query";
import { readChosenRooms } from "@/lib/guest-site/choose-rooms";
import { guestWords } from "@/lib/i18n/guest-words";
import { PROPERTY_CLOCK } from "@/lib/properties/property-today";
import { CreateBookingSchema, type CreateBookingInput } from "@/lib/schemas/bookings";
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
  return bookAtDesk(form, propertyId, idempotencyKey, async (db, made) => {
    const outcome = await createBooking(db, { ...made, input: { ...chosen, guest: made.guest } });
    return isRefusal(outcome) ? outcome : { bookingId: outcome.booking.id };
  });
}

const RoomsForm = z.object({ propertyId: PropertyIdSchema, idempotencyKey: printableAscii(100), checkin: CalendarDateSchema, checkout: CalendarDateSchema });

/**
 * New booking for several rooms, its last step: every room's party and chosen offer (hidden
 * fields, rooms-query.ts) booked at once or not at all by createBookingGroup, as POST
 * /booking-groups books them, in the booker's name, at the desk by the signed-in staff member.
 * The form's key and the booker make the Idempotency-Key: a resubmit books the rooms once.
 * Success opens the first room's booking, which lists its group's rooms.
 */
export async function createDeskGroupAction(previous: DeskBookingFormState, form: FormData): Promise<DeskBookingFormState> {
  const read = (name: string) => String(form.get(name) ?? "");
  const stay = RoomsForm.safeParse({ propertyId: read("propertyId"), idempotencyKey: read("idempotencyKey"), checkin: read("checkin"), checkout: read("checkout") });
  const rooms = readChosenRooms(read, guestWords("en"));
  if (!stay.success || !rooms) {
    if (!PropertyIdSchema.safeParse(form.get("propertyId")).success) notFound();
    return { ...previous, error: "This booking form is incomplete. Start again from the search." };
  }
  const { propertyId, idempotencyKey, checkin, checkout } = stay.data;
  return bookAtDesk(form, propertyId, idempotencyKey, async (db, made) => {
    const outcome = await createBookingGroup(db, { ...made, input: { booker: made.guest, rooms, checkin, checkout } });
    return isRefusal(outcome) ? outcome : { bookingId: outcome.group.bookings[0]!.id };
  });
}

/** Who makes a desk booking and how: the property, the signed-in staff member, the guest (or booker) and the desk's details, and the Idempotency-Key (the form's key and the guest). */
type DeskBooking = { property: BookingProperty; actor: BookingActor; guest: CreateBookingInput["guest"]; desk?: DeskBookingDetails; idempotencyKey: string };

/**
 * The desk's last step, for one booking or several rooms alike: the guest's details checked
 * beside their fields, the staff member allowed to book for the property, then `book` (made
 * through the panel's action runner, which audits failures); the booking made (a group's first
 * room) opens, a refusal is said on the form.
 */
async function bookAtDesk(
  form: FormData,
  propertyId: string,
  idempotencyKey: string,
  book: (db: Db, made: DeskBooking) => Promise<{ bookingId: string } | GroupRefusal>,
): Promise<DeskBookingFormState> {
  const { values, guest, desk, fieldErrors } = readDeskBookingForm(form);
  const state: DeskBookingFormState = { idempotencyKey, values };
  const { staff, error } = await authorizeAction(propertyId, "manage");
  if (error) return { ...state, error };
  if (!guest) return { ...state, fieldErrors, error: "Check the highlighted fields." };

  let bookingId: string | undefined;
  const answer = await runPanelAction("/bookings", async () => {
    const db = getDb();
    const property = await db.property.findUniqueOrThrow({ where: { id: propertyId }, select: { id: true, name: true, currency: true, livePropertyId: true, ...PROPERTY_CLOCK } });
    const outcome = await book(db, { property, actor: deskActor(staff), guest, desk, idempotencyKey: bookingAttemptKey(idempotencyKey, guest) });
    if ("kind" in outcome) return refused(state, outcome);
    bookingId = outcome.bookingId;
    return state;
  });
  if (bookingId) redirect(`/bookings/${bookingId}`);
  return answer;
}

const STAY_FIELDS: Record<string, string> = { checkin: "Check-in", checkout: "Check-out", adults: "Adults", childrenAges: "Children's ages" };

/** A booking (or a group's room) refused, said on the form: the refusal's words (refusalError, as the API says them, naming a group's room), and what to do next. */
function refused(state: DeskBookingFormState, refusal: GroupRefusal): DeskBookingFormState {
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
