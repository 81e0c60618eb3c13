import type { EventType } from "@/lib/events/event-types";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { WebhookEndpointView } from "@/lib/schemas/webhooks";

/** An endpoint as the API, the panel and the CLI show it: never its secret. */
export function toWebhookEndpointView(row: WebhookEndpoint): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events as EventType[],
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}
