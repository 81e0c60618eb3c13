import { queryHot, type Db, type HotStatement } from "@/lib/db";
import { REQUEST_LOG_CAP_PER_PROPERTY, type RequestLogEntry } from "./request-log-entry";

/** Where the request log's batches go. */
export type RequestLogStore = {
  append(entries: readonly RequestLogEntry[]): Promise<void>;
  /** Drops a property's entries beyond the newest REQUEST_LOG_CAP_PER_PROPERTY. */
  capProperty(propertyId: string): Promise<void>;
};

/**
 * A batch as one statement: the entries as one JSON array, read back into rows by PostgreSQL
 * (json_to_recordset). JSON.stringify took half the time of twelve arrays in node-postgres's
 * array encoding (0.26 against 0.55 ms for 450 entries), and needs no column-by-column copy.
 */
const APPEND: HotStatement = {
  name: "request_log_append",
  text: `INSERT INTO api_requests (property_id, api_key_id, at, method, route, resource_id, status, code, request_id, duration_ms, idempotency_key, replayed)
    SELECT e."propertyId", e."apiKeyId", to_timestamp(e.at / 1000.0), e.method, e.route, e."resourceId", e.status, e.code, e."requestId", e."durationMs", e."idempotencyKey", e.replayed
    FROM json_to_recordset($1::json) AS e("propertyId" text, "apiKeyId" text, at float8, method text, route text, "resourceId" text, status smallint, code text,
      "requestId" text, "durationMs" real, "idempotencyKey" text, replayed bool)`,
};

const CAP: HotStatement = {
  name: "request_log_cap",
  text: `DELETE FROM api_requests WHERE property_id = $1 AND id <= (
    SELECT id FROM api_requests WHERE property_id = $1 ORDER BY id DESC OFFSET ${REQUEST_LOG_CAP_PER_PROPERTY} LIMIT 1)`,
};

/** A statement of the log that hangs (a locked table) gives up after this, freeing its connection. */
const STORE_TIMEOUT_MS = 5_000;

/** The request log in PostgreSQL's api_requests table, on the app's pool. */
export function postgresRequestLogStore(db: Db): RequestLogStore {
  return {
    async append(entries) {
      await queryHot(db, APPEND, [JSON.stringify(entries)], { timeoutMs: STORE_TIMEOUT_MS });
    },
    async capProperty(propertyId) {
      await queryHot(db, CAP, [propertyId], { timeoutMs: STORE_TIMEOUT_MS });
    },
  };
}
