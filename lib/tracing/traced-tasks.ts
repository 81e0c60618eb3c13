import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Link } from "@opentelemetry/api";
import type { Task, TaskList } from "graphile-worker";
import type { Db } from "@/lib/db";
import { spanContextOf } from "@/lib/trace-context";
import { isTracingOn } from "./tracing-state";

/**
 * The trace context stored with the outbox event a job works for (lib/events): the request
 * that made, changed or cancelled the booking. Its dispatch, its webhook deliveries and its
 * guest e-mail are linked to that request's trace.
 */
async function eventTraceContext(db: Db, task: string, payload: Record<string, unknown>): Promise<string | null> {
  const id = (name: string) => (typeof payload[name] === "string" ? (payload[name] as string) : null);
  let rows: { trace_context: string | null }[] = [];
  if (task === "dispatch-event" && id("eventId")) {
    rows = await db.$queryRaw`SELECT trace_context FROM events WHERE id = ${id("eventId")}`;
  } else if (task === "deliver-webhook" && id("deliveryId")) {
    rows = await db.$queryRaw`SELECT e.trace_context FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.id = ${id("deliveryId")}`;
  } else if (task === "send-guest-email" && id("emailId")) {
    rows = await db.$queryRaw`SELECT e.trace_context FROM guest_emails m JOIN events e ON e.id = m.event_id WHERE m.id = ${id("emailId")}`;
  }
  return rows[0]?.trace_context ?? null;
}

/**
 * The worker's tasks, each run in a span of its own ("job deliver-webhook", a new trace) linked
 * to the request whose event it works for; the job's PostgreSQL queries are its children. With
 * tracing off, the tasks as they are.
 */
export function tracedTasks(db: Db, tasks: TaskList): TaskList {
  if (!isTracingOn()) return tasks;
  const tracer = trace.getTracer("room-booking.worker");
  const traced = (name: string, task: Task): Task =>
    async (payload, helpers) => {
      const stored = await eventTraceContext(db, name, (payload ?? {}) as Record<string, unknown>).catch(() => null);
      const linked = spanContextOf(stored);
      const links: Link[] = linked ? [{ context: linked, attributes: { "room_booking.link": "booking request" } }] : [];
      const attributes = { "job.name": name, "job.id": helpers.job.id, "job.attempt": helpers.job.attempts };
      return tracer.startActiveSpan(`job ${name}`, { kind: SpanKind.CONSUMER, links, attributes }, ROOT_CONTEXT, async (span) => {
        try {
          return await task(payload, helpers);
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    };
  return Object.fromEntries(Object.entries(tasks).map(([name, task]) => [name, traced(name, task!)]));
}
