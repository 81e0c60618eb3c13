import { parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { NoQuerySchema } from "@/lib/schemas/common";
import { WebhookDeliveryIdSchema } from "@/lib/schemas/webhook-deliveries";
import { WebhookEndpointIdSchema } from "@/lib/schemas/webhooks";
import { toWebhookDeliveryView } from "@/lib/webhooks/list-deliveries";
import { replayDelivery } from "@/lib/webhooks/replay-deliveries";

/** Sends a delivery again now (same event id and body, a fresh signature): 202, the delivery pending. */
export const POST = withPartnerApi(
  { scope: "write", route: "POST /webhook-endpoints/{id}/deliveries/{deliveryId}/replay" },
  async ({ request, db, property, key, params }) => {
    const endpointId = parsePathId(params.id, WebhookEndpointIdSchema, "webhook endpoint");
    const deliveryId = parsePathId(params.deliveryId, WebhookDeliveryIdSchema, "webhook delivery");
    parseQuery(request, NoQuerySchema);
    const delivery = await replayDelivery(db, { deliveryId, endpointId, viewer: { propertyId: property.id, apiKeyId: key.id } });
    return { status: 202, body: toWebhookDeliveryView(delivery) };
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/webhook-endpoints/{id}/deliveries/{deliveryId}/replay", ["POST"]);
