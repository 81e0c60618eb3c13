import { parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { DeliveryListQuerySchema } from "@/lib/schemas/webhook-deliveries";
import { WebhookEndpointIdSchema } from "@/lib/schemas/webhooks";
import { findVisibleWebhookEndpoint } from "@/lib/webhooks/find-webhook-endpoints";
import { listDeliveries, toWebhookDeliveryView } from "@/lib/webhooks/list-deliveries";

/** The deliveries to an endpoint this key may see (its own, and its predecessors'), newest first. */
export const GET = withPartnerApi({ scope: "read", route: "GET /webhook-endpoints/{id}/deliveries" }, async ({ request, db, property, key, params }) => {
  const id = parsePathId(params.id, WebhookEndpointIdSchema, "webhook endpoint");
  const query = parseQuery(request, DeliveryListQuerySchema);
  const endpoint = await findVisibleWebhookEndpoint(db, { propertyId: property.id, apiKeyId: key.id }, id);
  const { data, nextCursor } = await listDeliveries(db, { endpointId: endpoint.id, status: query.status, limit: query.limit ?? 25, cursor: query.cursor });
  return { body: { data: data.map(toWebhookDeliveryView), nextCursor } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/webhook-endpoints/{id}/deliveries", ["GET"]);
