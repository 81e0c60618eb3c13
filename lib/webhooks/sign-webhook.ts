import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new signing secret in the Standard Webhooks form: whsec_ + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export type WebhookHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

/**
 * The Standard Webhooks headers of one attempt: webhook-id is the event id (the same on every
 * retry, so receivers can drop duplicates), the timestamp is the attempt's, and there is one
 * signature per secret (two for 24 hours after a rotation), space-separated.
 */
export function signWebhook(input: { secrets: string[]; eventId: string; at: Date; payload: string }): WebhookHeaders {
  const signatures = input.secrets.map((secret) => new Webhook(secret).sign(input.eventId, input.at, input.payload));
  return {
    "webhook-id": input.eventId,
    "webhook-timestamp": String(Math.floor(input.at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
