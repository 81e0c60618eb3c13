import { randomInt } from "node:crypto";
import { pooledRandomBytes } from "@/lib/pooled-random-bytes";

const BASE32 = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford: no i, l, o, u

export type IdPrefix = "prop" | "rt" | "bk" | "key" | "staff" | "sess" | "aud" | "evt" | "whe" | "whd" | "gml" | "bkh" | "inv" | "sml" | "pwr" | "rp" | "grp" | "rcv" | "pky" | "psi";

/** The source of the regular expression every id of `prefix` matches: the prefix, _, 20 of BASE32. */
export function idPattern(prefix: IdPrefix): string {
  return `^${prefix}_[0-9a-hjkmnp-tv-z]{20}$`;
}

const ID_PATTERNS = new Map<string, RegExp>();

/** Whether `value` has the form of an id of this kind (whether one exists is the database's answer). */
export function isId(prefix: IdPrefix, value: unknown): value is string {
  let pattern = ID_PATTERNS.get(prefix);
  if (!pattern) ID_PATTERNS.set(prefix, (pattern = new RegExp(idPattern(prefix))));
  return typeof value === "string" && pattern.test(value);
}

/** An opaque id with a type prefix, e.g. bk_5f3k9q2m8x1c7v4b6n0t (100 random bits). */
export function newId(prefix: IdPrefix): string {
  const bytes = pooledRandomBytes(20);
  let out = "";
  for (const byte of bytes) out += BASE32[byte & 31];
  return `${prefix}_${out}`;
}

const REFERENCE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"; // nothing to misread: no 0/O, 1/I/L

/** Every booking reference matches this: TEST- for a test booking, 1 to 3 capital letters, a hyphen, 6 of REFERENCE_ALPHABET. */
export const BOOKING_REFERENCE_PATTERN = "^(TEST-)?[A-Z]{1,3}-[A-HJKMNP-Z2-9]{6}$";
const BOOKING_REFERENCE = new RegExp(BOOKING_REFERENCE_PATTERN);

export function isBookingReference(value: unknown): value is string {
  return typeof value === "string" && BOOKING_REFERENCE.test(value);
}

/** A short human booking reference, e.g. HVH-4K7Q2M: the property's initials and 6 characters (TEST-HVH-4K7Q2M in test mode). */
export function newBookingReference(propertyName: string, mode: "live" | "test" = "live"): string {
  const initials =
    propertyName
      .normalize("NFKD")
      .replace(/[^A-Za-z\s]/g, "")
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase())
      .join("")
      .slice(0, 3) || "BK";
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${mode === "test" ? "TEST-" : ""}${initials}-${suffix}`;
}
