/**
 * One partner API request as the request log keeps it (lib/request-log): what a partner or the
 * hotel's staff need to find a request again, never a key value, a body or guest data.
 */
export type RequestLogEntry = {
  propertyId: string;
  apiKeyId: string;
  /** When the request arrived (epoch milliseconds). */
  at: number;
  method: string;
  /** The path's template ("/bookings/{id}"), never the raw path. */
  route: string;
  /** The id in the path, or of what the request created. */
  resourceId: string | null;
  status: number;
  /** The problem's code, on an error. */
  code: string | null;
  requestId: string;
  durationMs: number;
  idempotencyKey: string | null;
  replayed: boolean;
};

/** How long, and how many per property, the log keeps (older ones are dropped first). */
export const REQUEST_LOG_RETENTION_DAYS = 7;
export const REQUEST_LOG_CAP_PER_PROPERTY = 10_000;
