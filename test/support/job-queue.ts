import type { Db } from "@/lib/db";
import type { JobName } from "@/lib/job-queue/enqueue-job";

/**
 * The job queue as a positive signal for "nothing more came". Everything an event sets off
 * (its dispatch, each webhook delivery, each e-mail, each retry) is a graphile-worker job
 * queued in the transaction that asked for it, and a job's row is deleted only once its task
 * has returned, after its HTTP request or SMTP message went out. So once no such job is left
 * (waiting, due later or running), whatever was done before has had all its effects, and a
 * count of deliveries or e-mails taken then is final.
 *
 * Read from graphile-worker's own tables (0.17, pinned): its public `jobs` view has no payload,
 * which is what ties a job to a property.
 */
const EVENT_TASKS: JobName[] = ["dispatch-event", "deliver-webhook", "send-guest-email", "send-staff-email", "raise-ari-events"];

export type QueuedJob = { task: string; runAt: Date; locked: boolean; attempts: number; lastError: string | null };

/** The event tasks' jobs still in the queue: all of them, or only those doing one property's work. */
export async function jobsLeft(db: Db, options: { propertyId?: string } = {}): Promise<QueuedJob[]> {
  const propertyId = options.propertyId ?? null;
  return db.$queryRaw<QueuedJob[]>`
    SELECT t.identifier AS task, j.run_at AS "runAt", j.locked_at IS NOT NULL AS locked, j.attempts::int AS attempts, j.last_error AS "lastError"
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = ANY(${EVENT_TASKS}::text[])
      AND (${propertyId}::text IS NULL OR CASE t.identifier
        WHEN 'dispatch-event' THEN EXISTS (SELECT FROM events e WHERE e.id = j.payload->>'eventId' AND e.property_id = ${propertyId})
        WHEN 'deliver-webhook' THEN EXISTS (
          SELECT FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id WHERE d.id = j.payload->>'deliveryId' AND w.property_id = ${propertyId})
        WHEN 'send-guest-email' THEN EXISTS (SELECT FROM guest_emails g WHERE g.id = j.payload->>'emailId' AND g.property_id = ${propertyId})
        WHEN 'send-staff-email' THEN EXISTS (SELECT FROM staff_emails s WHERE s.id = j.payload->>'emailId' AND s.property_id = ${propertyId})
        WHEN 'raise-ari-events' THEN j.payload->>'propertyId' = ${propertyId}
      END)
    ORDER BY j.run_at`;
}

/**
 * Waits until the queue has run every event job (of one property, with `propertyId`; use that
 * where other tests share the database). Call it after the last thing a test did and before
 * asserting that nothing else was delivered or sent. Times out listing the jobs still there
 * (a job that keeps failing stays, due later).
 */
export async function waitForQueueDrained(db: Db, options: { propertyId?: string; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const left = await jobsLeft(db, options);
    if (left.length === 0) return;
    if (Date.now() > deadline) {
      const list = left.map((job) => `${job.task}${job.locked ? " (running)" : ` (due ${job.runAt.toISOString()})`}, ${job.attempts} attempts${job.lastError ? `: ${job.lastError}` : ""}`);
      throw new Error(`timed out waiting for the job queue to drain; still queued: ${list.join("; ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
