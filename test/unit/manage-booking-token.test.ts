import { describe, expect, it } from "vitest";
import { signManageBookingToken, verifyManageBookingToken } from "@/lib/guest-site/manage-booking-token";

const SECRET = "a-session-secret-of-at-least-32-characters";

describe("manage-booking tokens", () => {
  it("open the booking they were signed for", () => {
    const token = signManageBookingToken("bk_abc123", SECRET);
    expect(token.startsWith("bk_abc123.")).toBe(true);
    expect(verifyManageBookingToken(token, SECRET)).toBe("bk_abc123");
  });

  it("open nothing when the id is moved to another booking, the signature is altered, or the secret differs", () => {
    const token = signManageBookingToken("bk_abc123", SECRET);
    const signature = token.split(".")[1]!;
    expect(verifyManageBookingToken(`bk_abc124.${signature}`, SECRET)).toBeNull();
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    expect(verifyManageBookingToken(`bk_abc123.${flipped}`, SECRET)).toBeNull();
    expect(verifyManageBookingToken(token, `${SECRET}-rotated`)).toBeNull();
  });

  it("refuse a bare booking id and malformed tokens", () => {
    for (const bad of ["bk_abc123", "", ".", "bk_abc123.", "bk abc.xyz", `${"x".repeat(65)}.${"a".repeat(43)}`]) {
      expect(verifyManageBookingToken(bad, SECRET), bad).toBeNull();
    }
  });
});
