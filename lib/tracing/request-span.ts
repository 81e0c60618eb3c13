import { SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { isTracingOn } from "./tracing-state";

export type RequestSpanFacts = { status: number; requestId: string; propertyId?: string; apiKeyId?: string; problemCode?: string | null };

/**
 * Runs a partner API request inside its span ("GET /bookings/{id}", under Next.js's span of the
 * HTTP request), so that its PostgreSQL and Redis spans are its children. With tracing off it
 * only calls `run`.
 */
export function withRequestSpan(route: string, run: (span: Span | undefined) => Promise<Response>): Promise<Response> {
  if (!isTracingOn()) return run(undefined);
  const [method] = route.split(" ", 1);
  return trace
    .getTracer("room-booking")
    .startActiveSpan(route, { kind: SpanKind.INTERNAL, attributes: { "http.route": route.slice(route.indexOf(" ") + 1), "http.request.method": method } }, async (span) => {
      try {
        return await run(span);
      } finally {
        span.end();
      }
    });
}

/** What the request's span says of its answer: status, request id, property and key ids (never a key value), the problem's code. */
export function describeRequestSpan(span: Span, facts: RequestSpanFacts): void {
  span.setAttribute("http.response.status_code", facts.status);
  span.setAttribute("room_booking.request_id", facts.requestId);
  if (facts.propertyId) span.setAttribute("room_booking.property_id", facts.propertyId);
  if (facts.apiKeyId) span.setAttribute("room_booking.api_key_id", facts.apiKeyId);
  if (facts.problemCode) span.setAttribute("room_booking.problem_code", facts.problemCode);
  if (facts.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: facts.problemCode ?? String(facts.status) });
}
