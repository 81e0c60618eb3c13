import { isPartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import type { AvailabilityView } from "@/lib/schemas/availability";
import type { BookingView, CreateBookingInput } from "@/lib/schemas/bookings";
import { BOOKING_UNREACHABLE_MESSAGE, fieldErrorsOf } from "./guest-messages";

export type BookOutcome =
  | { kind: "booked"; booking: BookingView; replayed: boolean }
  | { kind: "invalid"; fieldErrors: Record<string, string> }
  | { kind: "sold_out"; message: string; alternatives: AvailabilityView["roomTypes"] }
  | { kind: "refused"; message: string }
  | { kind: "unreachable"; message: string };

const REFUSALS: Record<string, string> = {
  occupancy_exceeded: "That room does not hold that many adults. Choose a larger room, or book two rooms.",
  unknown_room_type: "That room type is no longer offered. Choose another room.",
  idempotency_key_reused: "This form was already used to make a booking with other details. Find your booking, or start a new search to book again.",
  idempotency_key_in_use: "Your booking is still being made. Press Book again in a moment: you will not be booked twice.",
  rate_limited: "We are very busy just now. Please try again in a minute: pressing Book again will not book twice.",
};

/**
 * One booking attempt by a guest, through the partner API with the attempt's Idempotency-Key:
 * a double click, a resubmitted form or a retry after "unreachable" all make one booking.
 * When the room sold out since the search, the other rooms still free for the stay come back.
 */
export async function bookStay(client: PartnerClient, input: CreateBookingInput, idempotencyKey: string): Promise<BookOutcome> {
  try {
    const { booking, replayed } = await client.createBooking(input, idempotencyKey);
    return { kind: "booked", booking, replayed };
  } catch (error) {
    if (error instanceof PartnerApiUnreachable) return { kind: "unreachable", message: BOOKING_UNREACHABLE_MESSAGE };
    if (isPartnerApiError(error, "no_availability")) {
      const free = await client.availability({ checkin: input.checkin, checkout: input.checkout, adults: input.adults }).catch(() => undefined);
      const alternatives = free?.roomTypes.filter((r) => r.roomTypeId !== input.roomTypeId) ?? [];
      return { kind: "sold_out", message: "Sorry, that room was just booked by someone else and is no longer free for your dates.", alternatives };
    }
    if (isPartnerApiError(error, "validation_failed")) return { kind: "invalid", fieldErrors: fieldErrorsOf(error) };
    if (isPartnerApiError(error) && REFUSALS[error.code]) return { kind: "refused", message: REFUSALS[error.code]! };
    throw error;
  }
}
