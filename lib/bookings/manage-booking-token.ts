import { createHmac, timingSafeEqual } from "node:crypto";
import { isId } from "@/lib/ids";

/**
 * The token in a guest's "manage your booking" link: the booking id and an HMAC-SHA256 of it
 * under the server's secret (a key derived for this purpose only). A booking id alone opens
 * nothing, and a token cannot be forged or moved to another booking without the secret.
 */
const PURPOSE = "room-booking:manage-booking:v1";

function signature(bookingId: string, secret: string): Buffer {
  const key = createHmac("sha256", secret).update(PURPOSE).digest();
  return createHmac("sha256", key).update(bookingId).digest();
}

export function signManageBookingToken(bookingId: string, secret: string): string {
  return `${bookingId}.${signature(bookingId, secret).toString("base64url")}`;
}

/** The booking id the token was signed for, or null for anything else. */
export function verifyManageBookingToken(token: string, secret: string): string | null {
  const match = /^([^.]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, bookingId, mac] = match as unknown as [string, string, string];
  if (!isId("bk", bookingId)) return null;
  const given = Buffer.from(mac, "base64url");
  const expected = signature(bookingId, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? bookingId : null;
}
