const ON = Symbol.for("room-booking.tracing-on");

/**
 * Whether this process exports traces (startTracing ran): the request pipeline and the worker
 * make spans only then, so tracing off costs one boolean read. A registered symbol, so every
 * bundled copy of this module agrees.
 */
export function isTracingOn(): boolean {
  return (globalThis as { [ON]?: boolean })[ON] === true;
}

export function markTracingOn(): void {
  (globalThis as { [ON]?: boolean })[ON] = true;
}

/** Tracing is wanted when an OTLP endpoint is set (the standard variables) and the SDK is not disabled. */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}
