import { isPartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import type { BookingGroupView, CreateBookingGroupInput } from "@/lib/schemas/booking-groups";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { bookingAttemptKey, guestRefusalOf } from "./book-stay";

export type GroupBookOutcome =
  | { kind: "booked"; group: BookingGroupView; replayed: boolean }
  /** A refusal in the guest's words, naming the room refused when one was. formUsed: the form already booked another stay; soldOut: a room is no longer free (choose again). */
  | { kind: "refused"; message: string; formUsed?: true; soldOut?: true }
  | { kind: "unreachable"; message: string };

/**
 * One attempt to book several rooms (a booking group: all or none), through the partner API
 * with the attempt's Idempotency-Key (the form's key and the booker, as for one room: a double
 * click or a retry books the rooms once). A refusal names its room ("Room 2: ..."), as the
 * guest numbered them.
 */
export async function bookGroup(client: PartnerClient, input: CreateBookingGroupInput, formKey: string, words: GuestWords): Promise<GroupBookOutcome> {
  try {
    const { group, replayed } = await client.createBookingGroup(input, bookingAttemptKey(formKey, input.booker));
    return { kind: "booked", group, replayed };
  } catch (error) {
    if (error instanceof PartnerApiUnreachable) return { kind: "unreachable", message: words.t("common.bookingUnreachable") };
    if (!isPartnerApiError(error)) throw error;
    const room = (message: string) => (error.room === undefined ? message : words.t("rooms.refusedRoom", { number: error.room + 1, message }));
    if (error.code === "no_availability") return { kind: "refused", message: room(words.t("rooms.roomSoldOut")), soldOut: true };
    if (error.code === "validation_failed") return { kind: "refused", message: room([...new Set(error.fieldErrors.map((e) => e.message))].join(" ") || error.message) };
    const refusal = guestRefusalOf(error, words);
    if (refusal) return { kind: "refused", ...refusal, message: room(refusal.message) };
    throw error;
  }
}
