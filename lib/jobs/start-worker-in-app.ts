import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { startWorker, type RunningWorker } from "./start-worker";
import { workerDepsFromEnv } from "./worker-deps-from-env";

const RETRY_START_MS = 10_000;
const globalForWorker = globalThis as unknown as { roomBookingWorker?: { current?: RunningWorker; stopped: boolean } };

/**
 * The worker inside the app's own process (npm run dev, npm start), unless WORKER_IN_PROCESS=0
 * keeps it out (then run `npm run worker` beside the app). Started once per process, also
 * across development hot reloads. When it cannot start (the database is down, not migrated
 * yet) it says why and tries again every 10 s: events wait in the queue meanwhile. On SIGTERM
 * or SIGINT it lets running jobs finish.
 */
export function startWorkerInApp(): void {
  const env = getEnv();
  if (env.WORKER_IN_PROCESS === "0" || !env.DATABASE_URL || globalForWorker.roomBookingWorker) return;
  const state: { current?: RunningWorker; stopped: boolean } = { stopped: false };
  globalForWorker.roomBookingWorker = state;
  const options = { databaseUrl: env.DATABASE_URL, deps: workerDepsFromEnv(env, getDb(), log), log };
  const attempt = () => {
    startWorker(options).then(
      (worker) => {
        if (state.stopped) void worker.stop();
        else state.current = worker;
      },
      (error: unknown) => {
        log.error({ err: error }, `the worker could not start; trying again in ${RETRY_START_MS / 1000} s (events wait in the queue)`);
        if (!state.stopped) setTimeout(attempt, RETRY_START_MS).unref();
      },
    );
  };
  attempt();
  const stop = () => {
    state.stopped = true;
    void state.current?.stop().catch(() => {});
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
