import { trace, type ProxyTracerProvider } from "@opentelemetry/api";
import { isTracingOn } from "./tracing-state";

/**
 * Exports the spans still waiting (at shutdown, and in tests); never throws (an unreachable
 * collector is not our failure). Only @opentelemetry/api here: a process that does not trace
 * loads nothing more.
 */
export async function flushTracing(): Promise<void> {
  if (!isTracingOn()) return;
  const provider = (trace.getTracerProvider() as ProxyTracerProvider).getDelegate() as { forceFlush?: () => Promise<void> };
  await provider.forceFlush?.().catch(() => {});
}
