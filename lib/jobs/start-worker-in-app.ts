import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { startWorker, type RunningWorker } from "./start-worker";
import { workerDepsFromEnv } from "./worker-deps-from-env";

const globalForWorker = globalThis as unknown as { roomBookingWorker?: Promise<RunningWorker> };

/**
 * The worker inside the app's own process (npm run dev, npm start), unless WORKER_IN_PROCESS=0
 * keeps it out (then run `npm run worker` beside the app). Started once per process, also
 * across development hot reloads; on SIGTERM or SIGINT it lets running jobs finish.
 */
export function startWorkerInApp(): void {
  const env = getEnv();
  if (env.WORKER_IN_PROCESS === "0" || !env.DATABASE_URL || globalForWorker.roomBookingWorker) return;
  const running = startWorker({ databaseUrl: env.DATABASE_URL, deps: workerDepsFromEnv(env, getDb(), log), log });
  globalForWorker.roomBookingWorker = running;
  running.catch((error: unknown) => log.error({ err: error }, "the worker could not start; events wait in the queue until it does"));
  const stop = () => void running.then((worker) => worker.stop()).catch(() => {});
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
