import { isIP } from "node:net";
import { isForbiddenAddress } from "./forbidden-addresses";

/**
 * The check a partner's webhook URL passes when it is saved (a 422 `validation_failed` on
 * `url` carries the message) and again before every delivery. Names are not resolved here:
 * DNS answers change, so postWebhook resolves and checks the addresses at delivery time.
 * Outside production private targets are allowed, so a local receiver can be tested.
 */

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type WebhookUrlPolicy = { allowPrivate: boolean };
export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

export function checkWebhookUrl(url: string, policy: WebhookUrlPolicy): WebhookUrlCheck {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return refuse(`Must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse("Must be an absolute URL.");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return refuse("Must be an http or https URL.");
  if (parsed.username !== "" || parsed.password !== "") return refuse("Must not contain credentials.");
  if (policy.allowPrivate) return { ok: true, url: parsed };

  if (parsed.protocol !== "https:") return refuse("Must be an https URL.");
  const host = bareHostname(parsed).toLowerCase().replace(/\.+$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return refuse("Must not point to localhost.");
  if (isIP(host) !== 0 && isForbiddenAddress(host)) return refuse("Must not point to a private or reserved address.");
  return { ok: true, url: parsed };
}

/** The URL's host as DNS and sockets take it: an IPv6 literal without its brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** Private targets are allowed outside production, or in production when explicitly asked for. */
export function webhookUrlPolicy(env: { NODE_ENV?: string; WEBHOOK_ALLOW_PRIVATE_URLS?: string }): WebhookUrlPolicy {
  return { allowPrivate: env.NODE_ENV !== "production" || env.WEBHOOK_ALLOW_PRIVATE_URLS === "1" };
}

function refuse(message: string): WebhookUrlCheck {
  return { ok: false, message };
}
