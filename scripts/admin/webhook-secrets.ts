import { existsSync } from "node:fs";
import { join } from "node:path";
import { secretBoxFromEnv, type SecretBox } from "@/lib/webhooks/secret-box";
import { webhookUrlPolicy } from "@/lib/webhooks/webhook-url";
import { readLocalState } from "../app/local-state";

/**
 * The CLI seals webhook secrets the way the server opens them: with WEBHOOK_SECRET_KEY or
 * SESSION_SECRET from the environment (set them as the server has them), or, on a development
 * machine, the session secret npm run dev keeps in .data/local-state.json.
 */
export function cliWebhookConfig(): { secretBox: SecretBox; allowPrivateUrls: boolean } {
  const localState = join(import.meta.dirname, "..", "..", ".data", "local-state.json");
  const sessionSecret = process.env.SESSION_SECRET || (existsSync(localState) ? readLocalState(localState).sessionSecret : undefined);
  return {
    secretBox: secretBoxFromEnv({ WEBHOOK_SECRET_KEY: process.env.WEBHOOK_SECRET_KEY, SESSION_SECRET: sessionSecret }),
    allowPrivateUrls: webhookUrlPolicy(process.env).allowPrivate,
  };
}
