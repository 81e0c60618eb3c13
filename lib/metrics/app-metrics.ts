import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (prom-client): one registry with Node's runtime metrics and
 * what the request pipeline and the doors count. Made once per process (a registered symbol, so
 * every bundled copy of this module finds the same one). No label carries a key, an e-mail or
 * any guest data; the request histogram is by route template, never the raw path.
 */
function createAppMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    /** OpenTelemetry's semantic name; partner API requests by route template, method and status. */
    requestDuration: new Histogram({
      name: "http_server_request_duration_seconds",
      help: "Duration of partner API requests, by route template, method and status code.",
      labelNames: ["http_route", "http_request_method", "http_response_status_code"] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    /** The shared rate limiter's decisions: allowed, refused, or allowed because it failed open (Redis down or its breaker open). */
    limiterDecisions: new Counter({
      name: "rate_limiter_decisions_total",
      help: "Rate limiter decisions by limit and outcome (allowed, refused, failed_open).",
      labelNames: ["limit", "outcome"] as const,
      registers,
    }),
    /** Bookings made, changed and cancelled, by door (api, site, panel, other), counted as the worker dispatches their events (booking-doors.ts). */
    bookings: new Counter({
      name: "bookings_total",
      help: "Bookings created, changed and cancelled, by action and door (api, site, panel, other).",
      labelNames: ["action", "door"] as const,
      registers,
    }),
    /** Request log entries not written (the store failed or was too slow): the log has a gap. */
    requestLogDropped: new Counter({
      name: "request_log_dropped_total",
      help: "Partner API request log entries that could not be written.",
      registers,
    }),
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

const KEY = Symbol.for("room-booking.metrics");

export function appMetrics(): AppMetrics {
  const holder = globalThis as unknown as { [KEY]?: AppMetrics };
  return (holder[KEY] ??= createAppMetrics());
}

