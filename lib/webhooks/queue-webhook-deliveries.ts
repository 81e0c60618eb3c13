import { eventBody, type StoredEvent } from "@/lib/events/stored-event";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";

/**
 * One delivery per enabled endpoint of an event's property that subscribes to its type and
 * existed when it happened, for each of `events` (the endpoints read once for all of them).
 * (endpoint, event) is unique, so a second dispatch of the same event (two workers, a retried
 * job) adds nothing.
 */
export async function queueWebhookDeliveries(tx: Prisma.TransactionClient, events: StoredEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await tx.webhookEndpoint.findMany({
    where: {
      propertyId: { in: [...new Set(events.map((event) => event.propertyId))] },
      enabled: true,
      events: { hasSome: [...new Set(events.map((event) => event.type))] },
      createdAt: { lte: new Date(Math.max(...events.map((event) => Date.parse(event.createdAt)))) },
    },
    select: { id: true, propertyId: true, events: true, createdAt: true },
  });
  let queued = 0;
  for (const event of events) {
    const happened = Date.parse(event.createdAt);
    for (const endpoint of endpoints) {
      if (endpoint.propertyId !== event.propertyId || !endpoint.events.includes(event.type) || endpoint.createdAt.getTime() > happened) continue;
      queued += await queueDelivery(tx, { endpointId: endpoint.id, eventId: event.id, eventType: event.type, payload: eventBody(event) });
    }
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
