import { isSpanContextValid, trace, TraceFlags, type SpanContext } from "@opentelemetry/api";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The active span's context as a W3C traceparent ("00-<trace id>-<span id>-<flags>"), for the
 * outbox row a request writes, so that the worker's spans can link to the request's trace. Null
 * when tracing is off (no span is ever active then: a lookup and nothing more).
 */
export function activeTraceContext(): string | null {
  const span = trace.getActiveSpan();
  if (!span) return null;
  const context = span.spanContext();
  if (!isSpanContextValid(context)) return null;
  return `00-${context.traceId}-${context.spanId}-0${context.traceFlags & TraceFlags.SAMPLED}`;
}

/** A stored traceparent as a remote span context to link to; undefined when there is none or it is malformed. */
export function spanContextOf(traceparent: string | null | undefined): SpanContext | undefined {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return undefined;
  const context: SpanContext = { traceId: match[1]!, spanId: match[2]!, traceFlags: Number.parseInt(match[3]!, 16), isRemote: true };
  return isSpanContextValid(context) ? context : undefined;
}
