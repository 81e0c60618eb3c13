import { parseJsonBody, parseQuery } from "@/lib/http/parse-request";
import { methodNotAllowed, withPartnerApi } from "@/lib/http/with-partner-api";
import { NoQuerySchema } from "@/lib/schemas/common";
import { CreateWebhookEndpointSchema } from "@/lib/schemas/webhooks";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/find-webhook-endpoints";
import { webhookConfig } from "@/lib/webhooks/webhook-config";

export const GET = withPartnerApi({ scope: "read", route: "GET /webhook-endpoints" }, async ({ request, db, property, key }) => {
  parseQuery(request, NoQuerySchema);
  return { body: await listWebhookEndpoints(db, { propertyId: property.id, apiKeyId: key.id }) };
});

export const POST = withPartnerApi({ scope: "write", route: "POST /webhook-endpoints" }, async ({ request, db, property, key }) => {
  parseQuery(request, NoQuerySchema);
  const input = await parseJsonBody(request, CreateWebhookEndpointSchema);
  const created = await createWebhookEndpoint(db, {
    propertyId: property.id,
    endpoint: input,
    actor: { label: `API key ${key.id}` },
    createdByApiKeyId: key.id,
    ...webhookConfig(),
  });
  return { status: 201, body: created, headers: { Location: `/partner/v1/webhook-endpoints/${created.id}` } };
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("/webhook-endpoints", ["GET", "POST"]);
