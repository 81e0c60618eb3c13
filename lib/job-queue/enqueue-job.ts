import type { Prisma } from "@/lib/generated/prisma/client";

/** The queue's tasks (lib/jobs/worker-tasks.ts runs them) and what each is given. */
export type JobPayloads = {
  "dispatch-event": { eventId: string };
  "deliver-webhook": { deliveryId: string };
  "send-guest-email": { emailId: string };
  "send-staff-email": { emailId: string };
  "raise-ari-events": { propertyId: string };
};
export type JobName = keyof JobPayloads;

/**
 * Adds a job to the queue (graphile-worker's tables, on the same database) inside the caller's
 * transaction: the job exists exactly when the change that asked for it commits. A job with
 * the same key that has not started yet is replaced, so a key names "the next run of this
 * work" and one piece of work is never queued twice.
 */
export async function enqueueJob<Name extends JobName>(
  tx: Prisma.TransactionClient,
  name: Name,
  payload: JobPayloads[Name],
  options: { runAt?: Date; key?: string } = {},
): Promise<void> {
  await tx.$executeRaw`
    SELECT FROM graphile_worker.add_job(
      ${name}::text,
      payload := ${JSON.stringify(payload)}::json,
      run_at := ${options.runAt ?? null}::timestamptz,
      job_key := ${options.key ?? null}::text)`;
}
