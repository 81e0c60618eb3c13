/** Runs once when the server starts (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkEnvironmentAtStartup } = await import("./lib/startup-check");
    checkEnvironmentAtStartup();
    const { startWorkerInApp } = await import("./lib/jobs/start-worker-in-app");
    startWorkerInApp();
  }
}
