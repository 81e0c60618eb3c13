import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { REQUEST_LOG_CAP_PER_PROPERTY, type RequestLogEntry } from "./request-log-entry";

/** Where the request log's batches go. */
export type RequestLogStore = {
  append(entries: readonly RequestLogEntry[]): Promise<void>;
  /** Drops a property's entries beyond the newest REQUEST_LOG_CAP_PER_PROPERTY. */
  capProperty(propertyId: string): Promise<void>;
};

/** A batch as one statement: one array per column, unnested into rows. */
const APPEND: HotStatement = {
  name: "request_log_append",
  text: `INSERT INTO api_requests (property_id, api_key_id, at, method, route, resource_id, status, code, request_id, duration_ms, idempotency_key, replayed)
    SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::smallint[], $8::text[], $9::text[], $10::real[], $11::text[], $12::bool[])`,
};

const CAP: HotStatement = {
  name: "request_log_cap",
  text: `DELETE FROM api_requests WHERE property_id = $1 AND id <= (
    SELECT id FROM api_requests WHERE property_id = $1 ORDER BY id DESC OFFSET ${REQUEST_LOG_CAP_PER_PROPERTY} LIMIT 1)`,
};

/** A statement of the log that hangs (a locked table) gives up after this, freeing its connection. */
const STORE_TIMEOUT_MS = 5_000;

function columns(entries: readonly RequestLogEntry[]): unknown[] {
  const c: unknown[][] = Array.from({ length: 12 }, () => new Array(entries.length));
  entries.forEach((e, i) => {
    c[0]![i] = e.propertyId;
    c[1]![i] = e.apiKeyId;
    c[2]![i] = new Date(e.at);
    c[3]![i] = e.method;
    c[4]![i] = e.route;
    c[5]![i] = e.resourceId;
    c[6]![i] = e.status;
    c[7]![i] = e.code;
    c[8]![i] = e.requestId;
    c[9]![i] = Math.round(e.durationMs * 10) / 10;
    c[10]![i] = e.idempotencyKey;
    c[11]![i] = e.replayed;
  });
  return c;
}

/** The request log in PostgreSQL's api_requests table, on the app's pool. */
export function postgresRequestLogStore(db: Db): RequestLogStore {
  return {
    async append(entries) {
      await queryHot(db, APPEND, columns(entries), { timeoutMs: STORE_TIMEOUT_MS });
    },
    async capProperty(propertyId) {
      await queryHot(db, CAP, [propertyId], { timeoutMs: STORE_TIMEOUT_MS });
    },
  };
}
