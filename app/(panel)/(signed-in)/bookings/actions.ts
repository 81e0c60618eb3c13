"use server";

import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { notFound } from "next/navigation";
import { z } from "zod";
import type { BookingChangeFormState } from "@/components/panel/booking-change-form-states";
import { isRefusal, type ChangeOutcome } from "@/lib/bookings/booking-outcome";
import { refusalError } from "@/lib/bookings/booking-refusals";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { changeBooking } from "@/lib/bookings/change-booking";
import { getBooking } from "@/lib/bookings/find-bookings";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { formatMoney } from "@/lib/money/currency";
import { PROPERTY_CLOCK } from "@/lib/properties/property-today";
import { roomTypeNames } from "@/lib/room-types/list-room-types";
import { CancelBookingSchema, type BookingView } from "@/lib/schemas/bookings";
import { BookingIdSchema, PropertyIdSchema, printableAscii } from "@/lib/schemas/common";
import { authorizeAction } from "../../_lib/panel-session";
import { bookingChangeFormValues, fieldErrorsOf, readBookingChangeForm, readExpectedPrice } from "./booking-change-form-input";
import { bookingChangeQuote } from "./booking-change-quote";
import { staffActor } from "@/lib/staff/staff-actor";

export type CancelState = { error?: string; done?: string };

const CancelForm = z.object({ propertyId: PropertyIdSchema, bookingId: BookingIdSchema, reason: CancelBookingSchema.shape.reason });

/** Cancel booking (admins): the same domain function and rules as the partner API. */
export async function cancelBookingAction(_previous: CancelState, form: FormData): Promise<CancelState> {
  const parsed = CancelForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const reason = parsed.error.issues.find((issue) => issue.path[0] === "reason");
    if (!reason) notFound(); // an id edited into the form: as unknown as any other
    return { error: `Reason: ${reason.message}` };
  }
  const { staff, error } = await authorizeAction(parsed.data.propertyId, "manage");
  if (error) return { error };
  const db = getDb();
  const property = await db.property.findUniqueOrThrow({ where: { id: parsed.data.propertyId } });
  const outcome = await cancelBooking(db, { property, bookingId: parsed.data.bookingId, reason: parsed.data.reason, actor: staffActor(staff) });
  if (outcome.kind === "not_found") notFound();
  if (isRefusal(outcome)) return { error: refusalError(outcome).message };
  revalidatePath(`/bookings/${parsed.data.bookingId}`);
  return { done: "The booking is cancelled and its nights are for sale again." };
}

const ChangeForm = z.object({ propertyId: PropertyIdSchema, bookingId: BookingIdSchema, idempotencyKey: printableAscii(255) });

/** A new change's Idempotency-Key (the page renders one; a change made hands the form the next). */
function newChangeKey(): string {
  return `panel-${randomUUID()}`;
}

/**
 * Change booking (admins): Preview runs changeBooking as a dry run and shows the price, each
 * night's and the difference; Confirm makes the change at the previewed price with the form's
 * Idempotency-Key, so a second submission of the form changes nothing more, and a price that
 * moved meanwhile is quoted again instead. The same domain function and rules as the API's PATCH.
 */
export async function changeBookingAction(_previous: BookingChangeFormState, form: FormData): Promise<BookingChangeFormState> {
  const ids = ChangeForm.safeParse({ propertyId: form.get("propertyId"), bookingId: form.get("bookingId"), idempotencyKey: form.get("idempotencyKey") });
  if (!ids.success) notFound(); // an id edited into the form: as unknown as any other
  const { propertyId, bookingId, idempotencyKey } = ids.data;
  const { values, request, fieldErrors } = readBookingChangeForm(form);
  const state: BookingChangeFormState = { idempotencyKey, values };
  const { staff, error } = await authorizeAction(propertyId, "manage");
  if (error) return { ...state, error };
  const intent = form.get("intent");
  if (intent === "edit") return state;
  if (!request) return { ...state, fieldErrors, error: "Check the highlighted fields." };

  const db = getDb();
  const property = await db.property.findUniqueOrThrow({ where: { id: propertyId }, select: { id: true, ...PROPERTY_CLOCK } });
  const before = await getBooking(db, propertyId, bookingId).catch((failure: unknown) => {
    if (isDomainError(failure, "not_found")) notFound();
    throw failure;
  });
  const quoteOf = async (after: BookingView) => bookingChangeQuote(before, after, await roomTypeNames(db, propertyId));
  const actor = staffActor(staff);
  const expectedPrice = intent === "confirm" ? readExpectedPrice(form) : undefined;

  // Preview (or a Confirm without the previewed price): a dry run. Confirm: the change, at the previewed price.
  const outcome = expectedPrice
    ? await changeBooking(db, { property, bookingId, request, expectedPrice, idempotencyKey, actor })
    : await changeBooking(db, { property, bookingId, request, dryRun: true, actor });
  switch (outcome.kind) {
    case "quote":
      return { ...state, quote: await quoteOf(outcome.booking) };
    case "changed":
    case "replayed":
      revalidatePath(`/bookings/${bookingId}`);
      return { idempotencyKey: newChangeKey(), values: bookingChangeFormValues(outcome.booking), done: `The booking is changed. Its price is now ${formatMoney(outcome.booking.price)}.` };
    case "price_changed": {
      const quote = await quoteOf(outcome.booking);
      return { ...state, quote, notice: `The price changed since the preview: this change now costs ${quote.price}. Nothing was changed; confirm again to change at this price.` };
    }
    default:
      return refused(state, outcome);
  }
}

type ChangeRefused = Exclude<ChangeOutcome, { kind: "changed" | "replayed" | "quote" | "price_changed" }>;

/** A change refused, said on the form: the domain's message, a stay's rules beside their fields. */
function refused(state: BookingChangeFormState, outcome: ChangeRefused): BookingChangeFormState {
  switch (outcome.kind) {
    case "unchanged":
      return { ...state, error: "Nothing to change: the booking already has these values." };
    case "not_found":
      notFound();
    case "invalid": {
      const { fieldErrors, others } = fieldErrorsOf(outcome.errors);
      return { ...state, fieldErrors, error: [refusalError(outcome).message, ...others].join(" ") };
    }
    case "occupancy_exceeded": {
      const message = refusalError(outcome).message;
      return { ...state, fieldErrors: { adults: message }, error: message };
    }
    case "idempotency_key_reused":
      return { ...state, idempotencyKey: newChangeKey(), error: "This form already made another change. Preview this change again to make it." };
    case "idempotency_key_in_use":
      return { ...state, error: "This change is still being made. Wait a moment, then reload the page to see the booking as it stands." };
    default:
      return { ...state, error: refusalError(outcome).message };
  }
}
