import { createHash } from "node:crypto";
import { isPartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import type { AvailabilityView } from "@/lib/schemas/availability";
import type { BookingView, CreateBookingInput } from "@/lib/schemas/bookings";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { fieldErrorsOf, restrictionMessage } from "./guest-messages";

export type BookOutcome =
  | { kind: "booked"; booking: BookingView; replayed: boolean }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "sold_out"; message: string; alternatives: AvailabilityView["roomTypes"] }
  /** formUsed: the form already booked another stay; the guest's way on is Find your booking or a new search. */
  | { kind: "refused"; message: string; formUsed?: boolean }
  | { kind: "unreachable"; message: string };

/** The API's refusals a guest can act on, and the catalogue's words for each (book.*). */
const REFUSALS = {
  unknown_room_type: "book.unknownRoomType",
  unknown_rate_plan: "book.unknownRatePlan",
  idempotency_key_reused: "book.formUsed",
  idempotency_key_in_use: "book.inProgress",
  rate_limited: "book.busy",
} as const;

/** occupancy_exceeded, by the room type's limit the party breaks. */
const OCCUPANCY = { maxAdults: "book.occupancyExceeded", maxChildren: "book.occupancyChildren", maxOccupancy: "book.occupancyGuests" } as const;

const isRefusal = (code: string): code is keyof typeof REFUSALS => Object.hasOwn(REFUSALS, code);

/**
 * The Idempotency-Key of one booking: the form's key (made when the form was rendered) and the
 * guest it is for. The same form sent again with the same guest (a double click, a resubmit, a
 * retry after "unreachable", Back and Book) replays that booking; the same form with another
 * guest (Back, then a second room for the group under another name) is a booking of its own.
 */
export function bookingAttemptKey(formKey: string, guest: CreateBookingInput["guest"]): string {
  // The guest exactly as sent: details the API would store differently must not share a key.
  const who = JSON.stringify([guest.firstName, guest.lastName, guest.email]);
  return `${formKey}.${createHash("sha256").update(who).digest("base64url").slice(0, 22)}`;
}

/**
 * A refusal of the API a guest can act on, in the catalogue's words (the same for a room booked
 * alone and for a room of a group); null for anything else. formUsed: the form already booked
 * another stay.
 */
export function guestRefusalOf(error: unknown, words: GuestWords): { message: string; formUsed?: true } | null {
  if (isPartnerApiError(error, "stay_restricted")) return { message: restrictionMessage(error, words) };
  if (isPartnerApiError(error, "occupancy_exceeded")) return { message: words.t(OCCUPANCY[error.limit?.name ?? "maxAdults"]) };
  if (isPartnerApiError(error) && isRefusal(error.code)) return { message: words.t(REFUSALS[error.code]), ...(error.code === "idempotency_key_reused" ? { formUsed: true as const } : {}) };
  return null;
}

/**
 * One booking attempt by a guest, through the partner API with the attempt's Idempotency-Key
 * (bookingAttemptKey): the same form and guest make one booking however often they are sent.
 * When the room sold out since the search, the other rooms still free for the stay come back.
 */
export async function bookStay(client: PartnerClient, input: CreateBookingInput, formKey: string, words: GuestWords): Promise<BookOutcome> {
  try {
    const { booking, replayed } = await client.createBooking(input, bookingAttemptKey(formKey, input.guest));
    return { kind: "booked", booking, replayed };
  } catch (error) {
    if (error instanceof PartnerApiUnreachable) return { kind: "unreachable", message: words.t("common.bookingUnreachable") };
    if (isPartnerApiError(error, "no_availability")) {
      const free = await client.availability({ checkin: input.checkin, checkout: input.checkout, adults: input.adults, childrenAges: input.childrenAges }).catch(() => undefined);
      const alternatives = free?.roomTypes.filter((r) => r.roomTypeId !== input.roomTypeId) ?? [];
      return { kind: "sold_out", message: words.t("book.soldOut"), alternatives };
    }
    if (isPartnerApiError(error, "validation_failed")) return { kind: "invalid", fieldErrors: fieldErrorsOf(error, words) };
    const refusal = guestRefusalOf(error, words);
    if (refusal) return { kind: "refused", ...refusal };
    throw error;
  }
}
