import type { Db } from "@/lib/db";
import { EVENT_PRUNE_AFTER_DAYS } from "@/lib/events/event-types";
import { pruneRequestLog } from "@/lib/request-log/prune-request-log";

/**
 * Delivery and e-mail records (guests' and staff's) are kept 30 days; events a day longer than
 * the feed serves them; the request log 7 days and 10,000 per property (lib/request-log).
 */
export const RECORD_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/** Deletes what is past its keeping time (run hourly by the worker); returns how many rows of each. */
export async function pruneOldRecords(db: Db, now: Date): Promise<{ events: number; deliveries: number; guestEmails: number; staffEmails: number; requests: number }> {
  const recordsBefore = new Date(now.getTime() - RECORD_RETENTION_DAYS * DAY_MS);
  const [events, deliveries, , guestEmails, staffEmails] = await db.$transaction([
    db.event.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - EVENT_PRUNE_AFTER_DAYS * DAY_MS) } } }),
    db.webhookDelivery.deleteMany({ where: { createdAt: { lt: recordsBefore }, status: { not: "pending" } } }),
    db.webhookAttempt.deleteMany({ where: { attemptedAt: { lt: recordsBefore } } }),
    db.guestEmail.deleteMany({ where: { createdAt: { lt: recordsBefore }, status: { not: "pending" } } }),
    db.staffEmail.deleteMany({ where: { createdAt: { lt: recordsBefore }, status: { not: "pending" } } }),
  ]);
  const requests = await pruneRequestLog(db, now);
  return { events: events.count, deliveries: deliveries.count, guestEmails: guestEmails.count, staffEmails: staffEmails.count, requests };
}
