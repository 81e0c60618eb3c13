import { describe, expect, it } from "vitest";
import { signManageBookingToken, verifyManageBookingToken } from "@/lib/bookings/manage-booking-token";

const SECRET = "a-session-secret-of-at-least-32-characters";
const ID = "bk_5f3k9q2m8x1c7v4b6n0t";
const OTHER_ID = "bk_5f3k9q2m8x1c7v4b6n0v";

describe("manage-booking tokens", () => {
  it("open the booking they were signed for", () => {
    const token = signManageBookingToken(ID, SECRET);
    expect(token.startsWith(`${ID}.`)).toBe(true);
    expect(verifyManageBookingToken(token, SECRET)).toBe(ID);
  });

  it("open nothing when the id is moved to another booking, the signature is altered, or the secret differs", () => {
    const token = signManageBookingToken(ID, SECRET);
    const signature = token.split(".")[1]!;
    expect(verifyManageBookingToken(`${OTHER_ID}.${signature}`, SECRET)).toBeNull();
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    expect(verifyManageBookingToken(`${ID}.${flipped}`, SECRET)).toBeNull();
    expect(verifyManageBookingToken(token, `${SECRET}-rotated`)).toBeNull();
  });

  it("refuse a bare booking id and malformed tokens", () => {
    for (const bad of ["bk_abc123", "", ".", `${ID}.`, "bk abc.xyz", `${"x".repeat(65)}.${"a".repeat(43)}`]) {
      expect(verifyManageBookingToken(bad, SECRET), bad).toBeNull();
    }
  });

  it("refuse a correctly signed value that is not a booking id (nothing malformed reaches the API)", () => {
    for (const notAnId of ["bk_abc123", "bk_\u0000", "rt_5f3k9q2m8x1c7v4b6n0t"]) {
      expect(verifyManageBookingToken(signManageBookingToken(notAnId, SECRET), SECRET), notAnId).toBeNull();
    }
  });

  it("open a booking group's page only as a group's, and a booking's only as a booking's", () => {
    const GROUP = "grp_5f3k9q2m8x1c7v4b6n0t";
    const token = signManageBookingToken(GROUP, SECRET);
    expect(verifyManageBookingToken(token, SECRET, "grp")).toBe(GROUP);
    expect(verifyManageBookingToken(token, SECRET)).toBeNull();
    expect(verifyManageBookingToken(signManageBookingToken(ID, SECRET), SECRET, "grp")).toBeNull();
  });
});
