import { getEnv } from "@/lib/env";
import { secretBoxFromEnv, type SecretBox } from "@/lib/secrets/secret-box";

/** The box staff e-mail links' tokens wait in, sealed, until their e-mail is sent (a key of its own). */
export function staffLinkBoxFrom(env: { WEBHOOK_SECRET_KEY?: string; SESSION_SECRET?: string }): SecretBox {
  return secretBoxFromEnv(env, "staff-link-tokens");
}

/** This server's. */
export function staffLinkBox(): SecretBox {
  return staffLinkBoxFrom(getEnv());
}
