import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A span as an OTLP/HTTP JSON export carries it, flattened: attributes as a plain object. */
export type ReceivedSpan = {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string; attributes: Record<string, unknown> }[];
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  service: string;
};

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };

function attributesOf(list: KeyValue[] | undefined): Record<string, unknown> {
  const value = (v: AnyValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, value(kv.value)]));
}

/**
 * A real OTLP/HTTP receiver on 127.0.0.1 (what a collector listens on at :4318): it takes the
 * JSON the exporter POSTs to /v1/traces and keeps every span. Only JSON is understood, which is
 * what @opentelemetry/exporter-trace-otlp-http sends.
 */
export async function startOtlpReceiver(options: { onSpans?: (spans: ReceivedSpan[]) => void } = {}) {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      contentTypes.add(String(request.headers["content-type"]));
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans?: any[] };
      const received: ReceivedSpan[] = [];
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)["service.name"]);
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            received.push({
              name: span.name,
              kind: span.kind,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              attributes: attributesOf(span.attributes),
              links: (span.links ?? []).map((link: any) => ({ traceId: link.traceId, spanId: link.spanId, attributes: attributesOf(link.attributes) })),
              statusCode: span.status?.code ?? 0,
              service,
            });
          }
        }
      }
      spans.push(...received);
      options.onSpans?.(received);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    contentTypes,
    /** Every span below `parent` in its trace, at any depth. */
    descendantsOf(parent: ReceivedSpan): ReceivedSpan[] {
      const below = (id: string): ReceivedSpan[] => spans.filter((s) => s.traceId === parent.traceId && s.parentSpanId === id).flatMap((s) => [s, ...below(s.spanId)]);
      return below(parent.spanId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
