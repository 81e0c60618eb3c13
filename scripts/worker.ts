import { getDb } from "../lib/db";
import { EnvError, getEnv } from "../lib/env";
import { startWorker } from "../lib/jobs/start-worker";
import { workerDepsFromEnv } from "../lib/jobs/worker-deps-from-env";
import { log } from "../lib/log";
import { environmentWarnings } from "../lib/startup-check";
import { serveMetrics } from "../lib/metrics/serve-metrics";
import { flushTracing } from "../lib/tracing/flush-tracing";

/**
 * npm run worker: the job queue's worker on its own (webhook deliveries, guest e-mails,
 * pruning), for servers that run the app with WORKER_IN_PROCESS=0. Reads the app's
 * environment (DATABASE_URL, SESSION_SECRET, SMTP_URL, ...). With WORKER_METRICS_PORT it serves
 * its Prometheus metrics there (GET /metrics, METRICS_TOKEN). SIGTERM or SIGINT stop it
 * cleanly: running jobs finish, nothing is lost.
 */
async function main(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`[worker] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (!env.DATABASE_URL) {
    console.error("[worker] DATABASE_URL is not set");
    process.exit(1);
  }
  for (const warning of environmentWarnings(env)) console.error(`[worker] ${warning}`);
  const db = getDb();
  const worker = await startWorker({ databaseUrl: env.DATABASE_URL, deps: workerDepsFromEnv(env, db, log), log });
  const metrics = env.WORKER_METRICS_PORT ? await serveMetrics({ port: env.WORKER_METRICS_PORT, token: env.METRICS_TOKEN, db: getDb }) : null;
  if (metrics) console.error(`[worker] metrics on port ${env.WORKER_METRICS_PORT} (GET /metrics${env.METRICS_TOKEN ? "" : ": not served until METRICS_TOKEN is set"})`);
  console.error("[worker] running; stop with Ctrl-C or SIGTERM");
  const shutdown = async (signal: string) => {
    console.error(`[worker] ${signal}: finishing running jobs ...`);
    await metrics?.close();
    await worker.stop();
    await flushTracing();
    await db.$disconnect();
    console.error("[worker] stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(`[worker] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
