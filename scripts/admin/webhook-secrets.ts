import { existsSync } from "node:fs";
import { join } from "node:path";
import { webhookConfigFrom, type WebhookConfig } from "@/lib/webhooks/webhook-config";
import { readLocalState } from "../app/local-state";
import { localDataDir } from "../lib/data-dir";

/**
 * The CLI seals webhook secrets the way the server opens them: with WEBHOOK_SECRET_KEY or
 * SESSION_SECRET from the environment (set them as the server has them), or, on a development
 * machine, the session secret npm run dev keeps in .data/local-state.json (scripts/lib/data-dir.ts).
 */
export function cliWebhookConfig(): WebhookConfig {
  const localState = join(localDataDir(), "local-state.json");
  const sessionSecret = process.env.SESSION_SECRET || (existsSync(localState) ? readLocalState(localState).sessionSecret : undefined);
  return webhookConfigFrom({ ...process.env, SESSION_SECRET: sessionSecret });
}
