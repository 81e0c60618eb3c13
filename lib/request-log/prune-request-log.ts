import type { Db } from "@/lib/db";
import { REQUEST_LOG_CAP_PER_PROPERTY, REQUEST_LOG_RETENTION_DAYS } from "./request-log-entry";

/**
 * The request log's keeping rules, for the hourly prune: entries older than 7 days, and each
 * property's beyond its newest 10,000 (the writer caps as it writes; this catches the rest).
 */
export async function pruneRequestLog(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - REQUEST_LOG_RETENTION_DAYS * 86_400_000);
  const old = await db.$executeRaw`DELETE FROM api_requests WHERE at < ${before}`;
  const beyondCap = await db.$executeRaw`
    DELETE FROM api_requests r USING (
      SELECT property_id, id FROM (
        SELECT property_id, id, row_number() OVER (PARTITION BY property_id ORDER BY id DESC) AS newest
        FROM api_requests
      ) ranked WHERE newest = ${REQUEST_LOG_CAP_PER_PROPERTY + 1}
    ) oldest_dropped
    WHERE r.property_id = oldest_dropped.property_id AND r.id <= oldest_dropped.id`;
  return old + beyondCap;
}
