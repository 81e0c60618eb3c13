import { createRequire } from "node:module";
import { startOtlpReceiver } from "./otlp-receiver";

/**
 * Import first (before anything that loads pg or ioredis): starts an OTLP/HTTP receiver and the
 * app's tracing pointed at it, as OTEL_EXPORTER_OTLP_ENDPOINT would in production.
 */
export const receiver = await startOtlpReceiver();
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
process.env.OTEL_SERVICE_NAME = "room-booking-test";
const { startTracing } = await import("@/lib/tracing/start-tracing");
startTracing();
// Next.js requires ioredis (CommonJS), which is how its instrumentation patches it; this test
// process would import it as an ES module, which is not patched: require it here first, so the
// later import finds the patched module.
createRequire(import.meta.url)("ioredis");
