import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { queueDelivery } from "./queue-webhook-deliveries";

/**
 * Queues a signed `webhook.test` event to one endpoint, so staff can check a receiver: it is
 * delivered, retried and recorded like any other, but it is not in the feed.
 */
export async function sendTestEvent(db: Db, input: { endpointId: string; propertyId: string; at?: Date }): Promise<{ eventId: string }> {
  const eventId = newId("evt");
  const createdAt = (input.at ?? new Date()).toISOString();
  await db.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { id: input.endpointId, propertyId: input.propertyId } });
    if (!endpoint) throw new DomainError("not_found", `No webhook endpoint "${input.endpointId}" at this property.`);
    if (!endpoint.enabled) throw new DomainError("conflict", "This endpoint is disabled: enable it to send a test event.");
    const payload = JSON.stringify({ id: eventId, type: "webhook.test", createdAt, data: { endpointId: endpoint.id } });
    await queueDelivery(tx, { endpointId: endpoint.id, eventId, eventType: "webhook.test", payload });
  });
  return { eventId };
}
