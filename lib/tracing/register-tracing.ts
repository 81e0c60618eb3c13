import { startTracing } from "./start-tracing";
import { tracingWanted } from "./tracing-state";

/** Loaded first by a process that traces (the worker's command): starts tracing when an OTLP endpoint is set. */
if (tracingWanted()) startTracing("room-booking-worker");
