import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Webhook signing secrets are stored encrypted (AES-256-GCM), under a key derived (HKDF-SHA256)
 * from WEBHOOK_SECRET_KEY when set, else from SESSION_SECRET: a copy of the database alone
 * signs nothing. Stored form: "v1." + base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext).
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function createSecretBox(masterSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", masterSecret, "room-booking", "webhook-signing-secrets:v1", 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed) {
      if (!sealed.startsWith("v1.")) throw new Error("not a sealed webhook secret");
      const raw = Buffer.from(sealed.slice(3), "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

/** The box for this server's environment; refuses to work without a master secret. */
export function secretBoxFromEnv(env: { WEBHOOK_SECRET_KEY?: string; SESSION_SECRET?: string }): SecretBox {
  const master = env.WEBHOOK_SECRET_KEY || env.SESSION_SECRET;
  if (!master) throw new Error("SESSION_SECRET (or WEBHOOK_SECRET_KEY) must be set to store webhook signing secrets");
  return createSecretBox(master);
}
