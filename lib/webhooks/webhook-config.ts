import { getEnv } from "@/lib/env";
import { secretBoxFromEnv, type SecretBox } from "./secret-box";
import { webhookUrlPolicy } from "./webhook-url";

/** What creating and rotating endpoints needs from this server's environment. */
export function webhookConfig(): { allowPrivateUrls: boolean; secretBox: SecretBox } {
  const env = getEnv();
  return { allowPrivateUrls: webhookUrlPolicy(env).allowPrivate, secretBox: secretBoxFromEnv(env) };
}
