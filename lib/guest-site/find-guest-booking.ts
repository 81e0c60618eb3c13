import { isBookingReference } from "@/lib/ids";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import type { BookingView } from "@/lib/schemas/bookings";
import type { RateLimitPolicy } from "@/lib/rate-limit/types";

/**
 * "Find your booking" attempts per client address: enough for typos, too few to guess references.
 * Must not fail open: checked with getRateLimiterWithLocalFallback().
 */
export const FIND_BOOKING_POLICY: RateLimitPolicy = { name: "find-booking-address", limit: 20, windowSeconds: 900 };

/**
 * The booking with this reference whose guest has this e-mail address (compared without
 * case), or null: a wrong reference and a wrong e-mail address look the same.
 */
export async function findGuestBooking(client: PartnerClient, input: { reference: string; email: string }): Promise<BookingView | null> {
  const reference = input.reference.trim().toUpperCase();
  const email = input.email.trim().toLowerCase();
  if (!isBookingReference(reference) || !email) return null;
  const { data } = await client.listBookings({ reference, limit: 10 });
  return data.find((booking) => booking.reference === reference && booking.guest.email.toLowerCase() === email) ?? null;
}
