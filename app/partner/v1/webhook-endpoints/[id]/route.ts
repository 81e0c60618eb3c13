import { parsePathId, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { NoQuerySchema } from "@/lib/schemas/common";
import { WebhookEndpointIdSchema } from "@/lib/schemas/webhooks";
import { getWebhookEndpoint } from "@/lib/webhooks/find-webhook-endpoints";
import { deleteWebhookEndpoint } from "@/lib/webhooks/manage-webhook-endpoint";

export const GET = withPartnerApi({ scope: "read", route: "GET /webhook-endpoints/{id}" }, async ({ request, db, property, key, params }) => {
  const id = parsePathId(params.id, WebhookEndpointIdSchema, "webhook endpoint");
  parseQuery(request, NoQuerySchema);
  return { body: await getWebhookEndpoint(db, { propertyId: property.id, apiKeyId: key.id }, id) };
});

export const DELETE = withPartnerApi({ scope: "write", route: "DELETE /webhook-endpoints/{id}" }, async ({ request, db, property, key, params }) => {
  const id = parsePathId(params.id, WebhookEndpointIdSchema, "webhook endpoint");
  parseQuery(request, NoQuerySchema);
  await deleteWebhookEndpoint(db, { viewer: { propertyId: property.id, apiKeyId: key.id }, id, actor: { label: `API key ${key.id}` } });
  return { status: 204, body: null };
});

export const { POST, PUT, PATCH, OPTIONS } = methodNotAllowed("/webhook-endpoints/{id}", ["GET", "DELETE"]);
