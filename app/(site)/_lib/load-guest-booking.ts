import "server-only";
import { notFound } from "next/navigation";
import { isPartnerApiError } from "@/lib/partner-client/partner-api-error";
import { bookingIdOf, getSiteClient } from "./guest-site";

/** The booking a manage-booking token was signed for, with its room type (and the room's name); 404 for a bad token. */
export async function loadGuestBooking(token: string) {
  const bookingId = bookingIdOf(token);
  if (!bookingId) notFound();
  const client = await getSiteClient();
  try {
    const booking = await client.getBooking(bookingId);
    const roomType = await client.roomType(booking.roomTypeId).catch(() => undefined);
    return { booking, roomType, roomName: roomType?.name };
  } catch (error) {
    if (isPartnerApiError(error, "not_found")) notFound();
    throw error;
  }
}
