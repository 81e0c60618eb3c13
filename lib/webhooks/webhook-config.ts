import { getEnv } from "@/lib/env";
import { secretBoxFromEnv, type SecretBox } from "@/lib/secrets/secret-box";
import { webhookUrlPolicy } from "./webhook-url";

export type WebhookConfig = { allowPrivateUrls: boolean; secretBox: SecretBox };
type WebhookEnv = { NODE_ENV?: string; WEBHOOK_ALLOW_PRIVATE_URLS?: string; WEBHOOK_SECRET_KEY?: string; SESSION_SECRET?: string };

/** What creating, rotating and delivering to endpoints needs from an environment: the URL policy and the secrets' box. */
export function webhookConfigFrom(env: WebhookEnv): WebhookConfig {
  return { allowPrivateUrls: webhookUrlPolicy(env).allowPrivate, secretBox: secretBoxFromEnv(env) };
}

/** This server's. */
export function webhookConfig(): WebhookConfig {
  return webhookConfigFrom(getEnv());
}
