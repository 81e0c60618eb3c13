import type { Db } from "@/lib/db";
import { DomainError, isDomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";
import { findVisibleWebhookEndpoint, type EndpointViewer } from "./find-webhook-endpoints";
import { findDelivery, type DeliveryView } from "./list-deliveries";

/**
 * Sends a delivery again, now, whatever became of it (same event id and body, a fresh
 * signature): it is pending again and its attempts continue in the same record.
 */
async function replay(tx: Prisma.TransactionClient, deliveryId: string): Promise<void> {
  await tx.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "pending", replays: { increment: 1 }, nextAttemptAt: new Date() } });
  await enqueueJob(tx, "deliver-webhook", { deliveryId }, { key: `deliver-webhook:${deliveryId}` });
}

function assertEnabled(endpoint: { enabled: boolean }) {
  if (!endpoint.enabled) throw new DomainError("conflict", "This endpoint is disabled: enable it before replaying deliveries.");
}

/**
 * Replays one delivery and returns it as it is now. A viewer limits it to one property (staff) or
 * to the endpoints a key may see (a partner, who names the endpoint too); the admin CLI passes none.
 */
export async function replayDelivery(db: Db, input: { deliveryId: string; endpointId?: string; viewer?: EndpointViewer }): Promise<DeliveryView> {
  await db.$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.findUnique({ where: { id: input.deliveryId }, include: { endpoint: true } });
    const notFound = () => new DomainError("not_found", `No webhook delivery "${input.deliveryId}".`);
    if (!delivery || (input.endpointId && delivery.endpointId !== input.endpointId)) throw notFound();
    if (input.viewer) {
      // An endpoint the viewer may not see hides its deliveries too; any other failure is what it is.
      await findVisibleWebhookEndpoint(tx, input.viewer, delivery.endpointId).catch((error: unknown) => {
        throw isDomainError(error, "not_found") ? notFound() : error;
      });
    }
    assertEnabled(delivery.endpoint);
    await replay(tx, delivery.id);
  });
  return findDelivery(db, input.deliveryId);
}

/** Replays every failed delivery of an endpoint made since a time; returns how many. */
export async function replayFailedDeliveries(db: Db, input: { endpointId: string; propertyId: string; since: Date }): Promise<number> {
  return db.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { id: input.endpointId, propertyId: input.propertyId } });
    if (!endpoint) throw new DomainError("not_found", `No webhook endpoint "${input.endpointId}" at this property.`);
    assertEnabled(endpoint);
    const failed = await tx.webhookDelivery.findMany({
      where: { endpointId: endpoint.id, status: "failed", createdAt: { gte: input.since } },
      select: { id: true },
      take: 1000,
    });
    for (const delivery of failed) await replay(tx, delivery.id);
    return failed.length;
  });
}
