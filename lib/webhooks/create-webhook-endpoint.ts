import type { Actor } from "@/lib/audit/actor";
import type { Db } from "@/lib/db";
import { DomainError, validationFailed } from "@/lib/errors";
import { DEFAULT_WEBHOOK_EVENT_TYPES, EVENT_TYPES } from "@/lib/events/event-types";
import { newId } from "@/lib/ids";
import type { CreateWebhookEndpointInput, WebhookEndpointView } from "@/lib/schemas/webhooks";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { newWebhookSecret } from "./sign-webhook";
import { auditWebhookChange } from "./webhook-audit";
import { toWebhookEndpointView } from "./webhook-endpoint-view";
import { checkWebhookUrl } from "./webhook-url";

export type CreatedWebhookEndpoint = WebhookEndpointView & { secret: string };

export const MAX_WEBHOOK_ENDPOINTS = 20;

/**
 * Adds an endpoint to a property and returns it with its signing secret, shown this once
 * (stored sealed). The endpoint comes as the doors read it with CreateWebhookEndpointSchema (the
 * API's body parser, parseCreateWebhookEndpoint in the panel and the CLI); its URL is checked
 * against the delivery policy now (and again at every delivery). It gets the events created from
 * now on, none from before; without `events`, the booking events (ari.changed only when named).
 */
export async function createWebhookEndpoint(
  db: Db,
  input: {
    propertyId: string;
    endpoint: CreateWebhookEndpointInput;
    actor: Actor;
    createdByApiKeyId?: string;
    allowPrivateUrls: boolean;
    secretBox: SecretBox;
  },
): Promise<CreatedWebhookEndpoint> {
  const { endpoint } = input;
  const url = checkWebhookUrl(endpoint.url.trim(), { allowPrivate: input.allowPrivateUrls });
  if (!url.ok) throw validationFailed([{ field: "url", message: url.message }]);
  const events = EVENT_TYPES.filter((type) => (endpoint.events ?? DEFAULT_WEBHOOK_EVENT_TYPES).includes(type));
  const secret = newWebhookSecret();
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT FROM properties WHERE id = ${input.propertyId} FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { propertyId: input.propertyId } });
    if (count >= MAX_WEBHOOK_ENDPOINTS) {
      throw new DomainError("conflict", `A property has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`);
    }
    const row = await tx.webhookEndpoint.create({
      data: {
        id: newId("whe"),
        propertyId: input.propertyId,
        url: url.url.href,
        events,
        description: endpoint.description?.trim() ?? "",
        secretCiphertext: input.secretBox.seal(secret),
        createdByApiKeyId: input.createdByApiKeyId ?? null,
      },
    });
    await auditWebhookChange(tx, { propertyId: input.propertyId, action: "webhook_endpoint_created", actor: input.actor, endpoint: row, details: { events: events.join(",") } });
    return { ...toWebhookEndpointView(row), secret };
  });
}
