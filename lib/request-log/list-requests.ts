import type { Db } from "@/lib/db";
import { NOT_A_CURSOR, validationFailed } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RequestLogEntryView, RequestLogQuery, RequestLogView, StatusClass } from "@/lib/schemas/request-log";
import { REQUEST_LOG_CAP_PER_PROPERTY, REQUEST_LOG_RETENTION_DAYS } from "./request-log-entry";

/** Whose requests: a property's, all of them (staff) or those of some keys (a partner's key and the keys it replaced). */
export type RequestLogViewer = { propertyId: string; apiKeyIds?: string[] };
export type RequestLogFilter = RequestLogQuery & { resourceId?: string };

const DEFAULT_LIMIT = 25;
const STATUS_RANGES: Record<StatusClass, [number, number]> = { "2xx": [200, 299], "4xx": [400, 499], "5xx": [500, 599] };

type Row = {
  id: bigint;
  at: Date;
  method: string;
  route: string;
  resource_id: string | null;
  status: number;
  code: string | null;
  request_id: string;
  duration_ms: number;
  idempotency_key: string | null;
  replayed: boolean;
  api_key_id: string;
  label: string | null;
  hint: string | null;
};

export function encodeRequestLogCursor(id: bigint | string): string {
  return Buffer.from(`r${id}`).toString("base64url");
}

function decodeRequestLogCursor(value: string): bigint {
  const text = Buffer.from(value, "base64url").toString("utf8");
  if (!/^r[0-9]{1,19}$/.test(text)) throw validationFailed([{ field: "cursor", message: NOT_A_CURSOR }]);
  return BigInt(text.slice(1));
}

function toView(row: Row): RequestLogEntryView {
  return {
    requestId: row.request_id,
    time: row.at.toISOString(),
    method: row.method,
    path: row.route,
    resourceId: row.resource_id,
    status: row.status,
    code: row.code,
    durationMs: Math.round(row.duration_ms * 10) / 10,
    apiKey: { id: row.api_key_id, label: row.label ?? "", hint: row.hint ?? "" },
    idempotencyKey: row.idempotency_key,
    replayed: row.replayed,
  };
}

/**
 * A property's logged requests, newest first, a page at a time: the last 7 days and the newest
 * 10,000 only (what is older is pruned, and never shown while it waits to be). Each names its key
 * by label and hint, as the key is now.
 */
export async function listRequests(db: Db, viewer: RequestLogViewer, filter: RequestLogFilter): Promise<RequestLogView> {
  const limit = filter.limit ?? DEFAULT_LIMIT;
  const conditions: Prisma.Sql[] = [
    Prisma.sql`r.property_id = ${viewer.propertyId}`,
    Prisma.sql`r.at > now() - make_interval(days => ${REQUEST_LOG_RETENTION_DAYS})`,
    Prisma.sql`r.id > COALESCE((SELECT id FROM api_requests WHERE property_id = ${viewer.propertyId} ORDER BY id DESC OFFSET ${REQUEST_LOG_CAP_PER_PROPERTY} LIMIT 1), 0)`,
  ];
  if (viewer.apiKeyIds) conditions.push(Prisma.sql`r.api_key_id = ANY(${viewer.apiKeyIds}::text[])`);
  if (filter.status) {
    const [low, high] = STATUS_RANGES[filter.status];
    conditions.push(Prisma.sql`r.status BETWEEN ${low} AND ${high}`);
  }
  if (filter.code) conditions.push(Prisma.sql`r.code = ${filter.code}`);
  if (filter.requestId) conditions.push(Prisma.sql`r.request_id = ${filter.requestId}`);
  if (filter.resourceId) conditions.push(Prisma.sql`r.resource_id = ${filter.resourceId}`);
  if (filter.cursor) conditions.push(Prisma.sql`r.id < ${decodeRequestLogCursor(filter.cursor)}`);
  const rows = await db.$queryRaw<Row[]>`
    SELECT r.id, r.at, r.method, r.route, r.resource_id, r.status, r.code, r.request_id, r.duration_ms, r.idempotency_key, r.replayed, r.api_key_id, k.label, k.hint
    FROM api_requests r LEFT JOIN api_keys k ON k.id = r.api_key_id
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY r.id DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toView), nextCursor: rows.length > limit && last ? encodeRequestLogCursor(last.id) : null };
}
