import type { Db } from "@/lib/db";
import { keyLineage } from "@/lib/api-keys/key-lineage";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { WebhookEndpointView } from "@/lib/schemas/webhooks";
import { toWebhookEndpointView } from "./webhook-endpoint-view";

/**
 * Which endpoints a caller sees. Staff (panel) and the admin CLI see all of a property's; an
 * API key sees those it created and those created by the keys it replaced on rotation, so a
 * partner's key never lists or deletes another partner's endpoints.
 */
export type EndpointViewer = { propertyId: string; apiKeyId?: string };

async function visibleWhere(db: Db | Prisma.TransactionClient, viewer: EndpointViewer): Promise<Prisma.WebhookEndpointWhereInput> {
  if (!viewer.apiKeyId) return { propertyId: viewer.propertyId };
  return { propertyId: viewer.propertyId, createdByApiKeyId: { in: await keyLineage(db, viewer.apiKeyId) } };
}

export async function listWebhookEndpoints(db: Db, viewer: EndpointViewer): Promise<{ data: WebhookEndpointView[] }> {
  const rows = await db.webhookEndpoint.findMany({ where: await visibleWhere(db, viewer), orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { data: rows.map(toWebhookEndpointView) };
}

/** The endpoint, when the viewer may see it; 404 otherwise (whether it exists elsewhere is not told). */
export async function findVisibleWebhookEndpoint(db: Db | Prisma.TransactionClient, viewer: EndpointViewer, id: string) {
  const row = await db.webhookEndpoint.findFirst({ where: { id, ...(await visibleWhere(db, viewer)) } });
  if (!row) throw new DomainError("not_found", `No webhook endpoint "${id}" at this property.`);
  return row;
}

export async function getWebhookEndpoint(db: Db, viewer: EndpointViewer, id: string): Promise<WebhookEndpointView> {
  return toWebhookEndpointView(await findVisibleWebhookEndpoint(db, viewer, id));
}
