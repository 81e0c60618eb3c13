import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The secrets the server must be able to read back are stored sealed: webhook signing secrets,
 * the tokens of staff e-mail links while their e-mail waits to be sent, the booking engines' API
 * keys, staff members' two-step code secrets. Each is encrypted (AES-256-GCM) under a key derived (HKDF-SHA256, one per purpose) from
 * WEBHOOK_SECRET_KEY when set, else from SESSION_SECRET: a copy of the database alone signs and
 * opens nothing. Stored form: "v1." + base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext).
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

/** What a box seals: each purpose has a key of its own, so a value sealed for one never opens as another. */
export type SecretPurpose = "webhook-signing-secrets" | "staff-link-tokens" | "booking-engine-keys" | "staff-totp-secrets";

export function createSecretBox(masterSecret: string, purpose: SecretPurpose = "webhook-signing-secrets"): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", masterSecret, "room-booking", `${purpose}:v1`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed) {
      if (!sealed.startsWith("v1.")) throw new Error("not a sealed secret");
      const raw = Buffer.from(sealed.slice(3), "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

/** The box for this server's environment; refuses to work without a master secret. */
export function secretBoxFromEnv(env: { WEBHOOK_SECRET_KEY?: string; SESSION_SECRET?: string }, purpose: SecretPurpose = "webhook-signing-secrets"): SecretBox {
  const master = env.WEBHOOK_SECRET_KEY || env.SESSION_SECRET;
  if (!master) throw new Error(`SESSION_SECRET (or WEBHOOK_SECRET_KEY) must be set to store ${purpose.replaceAll("-", " ")}`);
  return createSecretBox(master, purpose);
}
