import { createHash, randomBytes } from "node:crypto";

/**
 * API key values: "rbp_" + 32 random base62 characters (190 bits from the system's CSPRNG)
 * + a 6-character CRC-32 checksum of those 32, as GitHub's tokens have. The checksum lets a
 * malformed or mistyped key be refused without a database read, and lets secret scanners
 * recognise leaked keys. Only the SHA-256 of the value is stored: with 190 random bits a
 * slow hash would add nothing.
 *
 * Test keys (keys of a property's test twin, lib/test-mode) are "rbp_test_" + the same 32 + 6
 * characters: a scanner (or a person) tells them from live keys by the prefix; base62 has no
 * "_", so no live key starts with "rbp_test_".
 */
export const KEY_PREFIX = "rbp_";
export const TEST_KEY_PREFIX = "rbp_test_";
export type KeyMode = "live" | "test";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}(?:test_)?[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function toBase62(value: number, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    out = ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, "utf8")) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62]; // 248 = 4 × 62: no bias
    }
  }
  return out;
}

export function hashApiKey(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** True when the value has the shape and a correct checksum (it may still be unknown or revoked). */
export function isWellFormedApiKey(value: string): boolean {
  if (!KEY_PATTERN.test(value)) return false;
  const body = value.slice(-(RANDOM_LENGTH + CHECKSUM_LENGTH), -CHECKSUM_LENGTH);
  return value.slice(-CHECKSUM_LENGTH) === toBase62(crc32(body), CHECKSUM_LENGTH);
}

/** Whether a (well-formed) key is a test key or a live one, from its prefix. */
export function keyMode(value: string): KeyMode {
  return value.startsWith(TEST_KEY_PREFIX) ? "test" : "live";
}

/** What the panel shows: "rbp_AbCd…wXyZ", "rbp_test_AbCd…wXyZ". */
export function apiKeyHint(value: string): string {
  const prefix = keyMode(value) === "test" ? TEST_KEY_PREFIX : KEY_PREFIX;
  return `${value.slice(0, prefix.length + 4)}…${value.slice(-4)}`;
}

/** A new key of that mode: the value (shown once), its hash (stored) and its hint (stored). */
export function generateApiKey(mode: KeyMode = "live"): { key: string; hash: string; hint: string } {
  const body = randomBase62(RANDOM_LENGTH);
  const key = `${mode === "test" ? TEST_KEY_PREFIX : KEY_PREFIX}${body}${toBase62(crc32(body), CHECKSUM_LENGTH)}`;
  return { key, hash: hashApiKey(key), hint: apiKeyHint(key) };
}
