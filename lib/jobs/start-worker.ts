import { Logger as WorkerLogger, parseCrontab, run, type Runner } from "graphile-worker";
import type { Logger } from "@/lib/log";
import { tracedTasks } from "@/lib/tracing/traced-tasks";
import { workerTasks, type WorkerDeps } from "./worker-tasks";

export type RunningWorker = { stop(): Promise<void> };

/**
 * Starts the job queue's worker (graphile-worker, on the app's PostgreSQL): it runs the tasks
 * of lib/jobs/worker-tasks.ts, several at a time, and prunes old records hourly. Any number
 * of processes may run one: each job is locked by one worker at a time. stop() lets running
 * jobs finish, then releases the connection.
 */
export async function startWorker(options: { databaseUrl: string; deps: WorkerDeps; log: Logger; concurrency?: number; pollInterval?: number }): Promise<RunningWorker> {
  const logger = new WorkerLogger((scope) => (level, message, meta) => {
    const line = { scope: { label: scope.label, taskIdentifier: scope.taskIdentifier, jobId: scope.jobId }, ...meta };
    if (level === "error") options.log.error(line, message);
    else if (level === "warning") options.log.warn(line, message);
    else options.log.debug(line, message);
  });
  // graphile-worker would create its tables on start; they are npm run db:migrate's to create.
  const [queue] = await options.deps.db.$queryRaw<[{ installed: boolean }]>`SELECT to_regclass('graphile_worker.migrations') IS NOT NULL AS installed`;
  if (!queue.installed) throw new Error("the job queue's tables are missing: run npm run db:migrate");
  const runner: Runner = await run({
    connectionString: options.databaseUrl,
    concurrency: options.concurrency ?? 5,
    pollInterval: options.pollInterval ?? 2_000,
    noHandleSignals: true,
    logger,
    taskList: tracedTasks(options.deps.db, workerTasks(options.deps)),
    parsedCronItems: parseCrontab("17 * * * * prune-old-records"),
  });
  options.log.info({ concurrency: options.concurrency ?? 5 }, "worker started");
  let stopping: Promise<void> | undefined;
  return {
    stop: () => (stopping ??= runner.stop().then(() => options.log.info("worker stopped"))),
  };
}
