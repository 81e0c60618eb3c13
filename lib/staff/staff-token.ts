import { createHash, randomBytes } from "node:crypto";

/**
 * The random tokens staff hold: session cookies and the links of staff e-mails (invitations).
 * 32 random bytes as base64url (43 characters); only their SHA-256 (hex) is ever stored, so a
 * copy of the database opens nothing.
 */
export function newStaffToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashStaffToken(token) };
}

export function hashStaffToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a value has a token's form (checked before any query sees it). */
export function isStaffTokenShape(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
