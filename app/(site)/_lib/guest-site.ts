import "server-only";
import { connection } from "next/server";
import { cache } from "react";
import { getEnv } from "@/lib/env";
import { signManageBookingToken, verifyManageBookingToken } from "@/lib/guest-site/manage-booking-token";
import { PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import { getPartnerClient } from "@/lib/partner-client/server-partner-client";

/** The guest site's glue to Next.js: the hotel it books for, and the manage-booking links. */

/** The hotel behind the site's key (GET /me), once per request; null while the API does not answer. */
export const getHotel = cache(async () => {
  await connection();
  try {
    return (await getPartnerClient().me()).property;
  } catch (error) {
    if (error instanceof PartnerApiUnreachable) return null;
    throw error;
  }
});

function secret(): string {
  const value = getEnv().SESSION_SECRET;
  if (!value) throw new Error("SESSION_SECRET is not set: it signs the guests' manage-booking links (npm run dev makes one).");
  return value;
}

export const manageToken = (bookingId: string) => signManageBookingToken(bookingId, secret());
export const bookingIdOf = (token: string) => verifyManageBookingToken(token, secret());
