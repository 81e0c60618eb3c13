import type { Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { takeAriMarks } from "@/lib/events/take-ari-marks";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";
import { queueWebhookDeliveries } from "@/lib/webhooks/queue-webhook-deliveries";

/** Marks this much older than their window have lost their job (a worker killed while raising them): the sweep queues it again. */
const SWEEP_GRACE_MS = 60_000;

export type AriDeps = { db: Db; clock: Clock; ariWindowMs: number };

const jobKey = (propertyId: string) => `raise-ari-events:${propertyId}`;

/**
 * The job mark_ari queues for a property's first mark of a round (raise-ari-events). Until the
 * window has passed since that mark, it only queues itself again for then; after it, the
 * property's marks become ari.changed events (takeAriMarks), each delivered to the endpoints that
 * subscribe to it, in one transaction. Returns how many events it raised.
 */
export async function raiseAriEvents(deps: AriDeps, propertyId: string): Promise<number> {
  const schedule = await deps.db.ariSchedule.findUnique({ where: { propertyId }, select: { createdAt: true } });
  const due = schedule ? schedule.createdAt.getTime() + deps.ariWindowMs : 0;
  if (due > deps.clock.now().getTime()) {
    await enqueueJob(deps.db, "raise-ari-events", { propertyId }, { runAt: new Date(due), key: jobKey(propertyId) });
    return 0;
  }
  return deps.db.$transaction(async (tx) => {
    const events = await takeAriMarks(tx, propertyId);
    await queueWebhookDeliveries(tx, events);
    return events.length;
  });
}

/**
 * Queues raise-ari-events for every property with marks older than `olderThanMs`: the worker
 * runs it each minute for marks past their window and grace (their job was lost with a worker
 * killed while raising them), and with 0 when it starts. A run with nothing to raise is harmless.
 */
export async function sweepAriMarks(db: Db, olderThanMs: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ property_id: string }[]>`
    SELECT DISTINCT property_id FROM ari_marks WHERE created_at <= now() - ${olderThanMs}::int * interval '1 millisecond'`;
  for (const { property_id: propertyId } of rows) await enqueueJob(db, "raise-ari-events", { propertyId }, { key: jobKey(propertyId) });
  return rows.map((row) => row.property_id);
}

/** The age at which the minutely sweep takes marks as lost. */
export function ariSweepAge(ariWindowMs: number): number {
  return ariWindowMs + SWEEP_GRACE_MS;
}
