import { createHmac, timingSafeEqual } from "node:crypto";
import { isId } from "@/lib/ids";

/**
 * The token in a guest's "manage your booking" link: the booking's id (or a booking group's:
 * all its rooms) and an HMAC-SHA256 of it under the server's secret (a key derived for this
 * purpose only). An id alone opens nothing, and a token cannot be forged or moved to another
 * booking without the secret.
 */
const PURPOSE = "room-booking:manage-booking:v1";

function signature(bookingId: string, secret: string): Buffer {
  const key = createHmac("sha256", secret).update(PURPOSE).digest();
  return createHmac("sha256", key).update(bookingId).digest();
}

/** The token of a booking's (bk_) or a booking group's (grp_) manage link. */
export function signManageBookingToken(id: string, secret: string): string {
  return `${id}.${signature(id, secret).toString("base64url")}`;
}

/** The id of the kind asked for (a booking's, bk; a group's, grp) that the token was signed for, or null for anything else. */
export function verifyManageBookingToken(token: string, secret: string, kind: "bk" | "grp" = "bk"): string | null {
  const match = /^([^.]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, mac] = match as unknown as [string, string, string];
  if (!isId(kind, id)) return null;
  const given = Buffer.from(mac, "base64url");
  const expected = signature(id, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
