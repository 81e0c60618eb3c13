import type { Db } from "@/lib/db";
import { log } from "@/lib/log";
import { appMetrics } from "@/lib/metrics/app-metrics";
import { postgresRequestLogStore } from "./request-log-store";
import { RequestLogWriter } from "./request-log-writer";

const WARN_EVERY_MS = 10_000;
const WRITERS = Symbol.for("room-booking.request-log-writers");

/** A warning at most every 10 s while the store fails: the drops are counted in the metrics. */
function dropReporter() {
  let warnedAt = 0;
  return (count: number, error?: unknown) => {
    appMetrics().requestLogDropped.inc(count);
    const now = Date.now();
    if (now - warnedAt < WARN_EVERY_MS) return;
    warnedAt = now;
    log.warn({ err: error, dropped: count }, error ? "request log: could not write entries" : "request log: too many entries waiting, dropped");
  };
}

/** The request log's writer of a database client (one per client and process, in PostgreSQL). */
export function requestLogOf(db: Db): RequestLogWriter {
  const holder = globalThis as unknown as { [WRITERS]?: WeakMap<Db, RequestLogWriter> };
  const writers = (holder[WRITERS] ??= new WeakMap());
  let writer = writers.get(db);
  if (!writer) {
    writer = new RequestLogWriter(postgresRequestLogStore(db), { onDropped: dropReporter() });
    writers.set(db, writer);
  }
  return writer;
}
