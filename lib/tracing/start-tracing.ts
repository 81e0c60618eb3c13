import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { IORedisInstrumentation } from "@opentelemetry/instrumentation-ioredis";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import { isTracingOn, markTracingOn } from "./tracing-state";

/**
 * Starts exporting traces over OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT, read with the
 * other standard variables (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER,
 * OTEL_BSP_*) by the SDK itself. Spans come from Next.js (each request), the partner API's
 * pipeline, PostgreSQL (pg) and Redis (ioredis) queries, and the worker's jobs.
 *
 * It must run before pg and ioredis are first loaded (instrumentation.ts calls it first; the
 * worker's command loads it before the worker): their instrumentations patch them as they load.
 */
export function startTracing(serviceName = "room-booking"): void {
  if (isTracingOn()) return;
  const provider = new NodeTracerProvider({
    resource: defaultResource()
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The AsyncLocalStorage context manager and the W3C traceparent propagator.
  provider.register();
  registerInstrumentations({ tracerProvider: provider, instrumentations: [new PgInstrumentation(), new IORedisInstrumentation()] });
  markTracingOn();
}
