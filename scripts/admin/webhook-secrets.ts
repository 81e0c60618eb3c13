import { existsSync } from "node:fs";
import { join } from "node:path";
import { secretBoxFromEnv, type SecretBox, type SecretPurpose } from "@/lib/secrets/secret-box";
import { webhookConfigFrom, type WebhookConfig } from "@/lib/webhooks/webhook-config";
import { readLocalState } from "../app/local-state";
import { localDataDir } from "../lib/data-dir";

/**
 * The CLI seals webhook secrets the way the server opens them: with WEBHOOK_SECRET_KEY or
 * SESSION_SECRET from the environment (set them as the server has them), or, on a development
 * machine, the session secret npm run dev keeps in .data/local-state.json (scripts/lib/data-dir.ts).
 */
export function cliWebhookConfig(): WebhookConfig {
  return webhookConfigFrom({ ...process.env, SESSION_SECRET: cliSessionSecret() });
}

/** The box for another purpose (the booking engine's keys), from the same secrets. */
export function cliSecretBox(purpose: SecretPurpose): SecretBox {
  return secretBoxFromEnv({ WEBHOOK_SECRET_KEY: process.env.WEBHOOK_SECRET_KEY, SESSION_SECRET: cliSessionSecret() }, purpose);
}

function cliSessionSecret(): string | undefined {
  const localState = join(localDataDir(), "local-state.json");
  return process.env.SESSION_SECRET || (existsSync(localState) ? readLocalState(localState).sessionSecret : undefined);
}
