import { isBookingReference } from "@/lib/ids";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import type { RateLimitPolicy } from "@/lib/rate-limit/types";

/**
 * "Find your booking" attempts per client address: enough for typos, too few to guess references.
 * Must not fail open: checked with getRateLimiterWithLocalFallback().
 */
export const FIND_BOOKING_POLICY: RateLimitPolicy = { name: "find-booking-address", limit: 20, windowSeconds: 900 };

/** What a reference and an e-mail address found: a booking (its guest's address), or rooms booked together (their booker's). */
export type FoundBooking = { bookingId: string } | { groupId: string };

/**
 * The booking with this reference whose guest has this e-mail address, or the booking group
 * with this reference whose booker has it (the reference of a group's e-mail), compared without
 * case; null otherwise: a wrong reference and a wrong e-mail address look the same.
 */
export async function findGuestBooking(client: PartnerClient, input: { reference: string; email: string }): Promise<FoundBooking | null> {
  const reference = input.reference.trim().toUpperCase();
  const email = input.email.trim().toLowerCase();
  if (!isBookingReference(reference) || !email) return null;
  const { data: bookings } = await client.listBookings({ reference, limit: 10 });
  const booking = bookings.find((b) => b.reference === reference && b.guest.email.toLowerCase() === email);
  if (booking) return { bookingId: booking.id };
  if (bookings.length) return null;
  const { data: groups } = await client.listBookingGroups({ reference, limit: 10 });
  const group = groups.find((g) => g.reference === reference && g.booker.email.toLowerCase() === email);
  return group ? { groupId: group.id } : null;
}
