import { Logger as WorkerLogger, parseCrontab, run, type Runner } from "graphile-worker";
import pg from "pg";
import type { Logger } from "@/lib/log";
import { tracedTasks } from "@/lib/tracing/traced-tasks";
import { RETENTION_CRONTAB } from "@/lib/privacy/apply-retention";
import { sweepAriMarks } from "./raise-ari-events";
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
  // The worker's own pool, so that stop() ends it and waits: graphile-worker ends a pool it made
  // without waiting, after removing its error handlers, and a connection closed by the server in
  // that moment (a database dropped or restarted) was an uncaught error.
  const concurrency = options.concurrency ?? 5;
  const pgPool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const warn = (error: Error) => options.log.warn({ err: error }, "worker: database connection error");
  pgPool.on("error", warn);
  pgPool.on("connect", (client) => client.on("error", warn));
  let runner: Runner;
  try {
    runner = await run({
      pgPool,
      concurrency,
      pollInterval: options.pollInterval ?? 2_000,
      noHandleSignals: true,
      logger,
      taskList: tracedTasks(options.deps.db, workerTasks(options.deps)),
      parsedCronItems: parseCrontab(["17 * * * * prune-old-records", "* * * * * sweep-ari-marks", RETENTION_CRONTAB].join("\n")),
    });
  } catch (error) {
    await pgPool.end();
    throw error;
  }
  // ARI marks whose job died with a worker are raised now, not at the next minutely sweep.
  await sweepAriMarks(options.deps.db, 0);
  options.log.info({ concurrency }, "worker started");
  let stopping: Promise<void> | undefined;
  return {
    stop: () => (stopping ??= runner.stop().then(() => pgPool.end()).then(() => options.log.info("worker stopped"))),
  };
}
