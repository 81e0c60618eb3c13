import { eventBody, type StoredEvent } from "@/lib/events/stored-event";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";

/**
 * One delivery per enabled endpoint of the event's property that subscribes to its type and
 * existed when it happened. (endpoint, event) is unique, so a second dispatch of the same
 * event (two workers, a retried job) adds nothing.
 */
export async function queueWebhookDeliveries(tx: Prisma.TransactionClient, event: StoredEvent): Promise<number> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { propertyId: event.propertyId, enabled: true, events: { has: event.type }, createdAt: { lte: new Date(event.createdAt) } },
    select: { id: true },
  });
  let queued = 0;
  for (const endpoint of endpoints) {
    queued += await queueDelivery(tx, { endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload: eventBody(event) });
  }
  return queued;
}

/** Inserts a delivery (unless this endpoint already has this event) and queues its first attempt; 1 when added. */
export async function queueDelivery(
  tx: Prisma.TransactionClient,
  delivery: { endpointId: string; eventId: string; eventType: string; payload: string },
): Promise<number> {
  const id = newId("whd");
  const inserted = await tx.$executeRaw`
    INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, next_attempt_at)
    VALUES (${id}, ${delivery.endpointId}, ${delivery.eventId}, ${delivery.eventType}, ${delivery.payload}, now())
    ON CONFLICT (endpoint_id, event_id) DO NOTHING`;
  if (inserted) await enqueueJob(tx, "deliver-webhook", { deliveryId: id }, { key: `deliver-webhook:${id}` });
  return inserted;
}
