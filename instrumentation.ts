/** Runs once when the server starts (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First: the pg and ioredis instrumentations patch those packages as they load (lib/tracing).
    const { tracingWanted } = await import("./lib/tracing/tracing-state");
    if (tracingWanted()) (await import("./lib/tracing/start-tracing")).startTracing();
    const { checkEnvironmentAtStartup } = await import("./lib/startup-check");
    checkEnvironmentAtStartup();
    const { startWorkerInApp } = await import("./lib/jobs/start-worker-in-app");
    startWorkerInApp();
  }
}
