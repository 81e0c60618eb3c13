import { Gauge, type Registry } from "prom-client";
import type pg from "pg";
import type { Db } from "@/lib/db";
import type { RateLimiter } from "@/lib/rate-limit/types";

/** The worker has no rate limiter: its gauge is the app's only. */
export type StateSources = { db: () => Db; pool: () => pg.Pool; limiter?: () => RateLimiter };

type Backlog = { status: string; n: number; oldest_pending_seconds: number | null };

async function backlog(db: Db, table: "webhook_deliveries" | "guest_emails"): Promise<Backlog[]> {
  // Table names cannot be parameters; these two are fixed here.
  const sql = `SELECT status::text AS status, count(*)::int AS n,
      extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending'))::float8 AS oldest_pending_seconds
    FROM ${table} GROUP BY status`;
  return db.$queryRawUnsafe<Backlog[]>(sql);
}

/** One query for the gauges that read the same rows, while one scrape collects them side by side. */
function sharedPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => (pending ??= read().finally(() => setTimeout(() => (pending = null), 0)));
}

/**
 * What is read when Prometheus scrapes, not counted as it happens: the database pool, the rate
 * limiter's breaker, and the work waiting in PostgreSQL (the job queue, undelivered webhooks
 * and guest e-mails, with the age of the oldest). The queue and delivery figures are the
 * database's, the same from every instance: aggregate them with max(), not sum().
 */
export function registerStateGauges(registry: Registry, sources: StateSources): void {
  const registers = [registry];
  const jobs = sharedPerScrape(() => readyJobs(sources.db()));
  new Gauge({
    name: "db_client_connection_count",
    help: "Connections of the PostgreSQL pool, by state (used, idle).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const pool = sources.pool();
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "used" }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: "db_client_connection_pending_requests",
    help: "Queries waiting for a connection of the PostgreSQL pool.",
    registers,
    collect() {
      this.set(sources.pool().waitingCount);
    },
  });
  const { limiter } = sources;
  if (limiter) {
    new Gauge({
      name: "rate_limiter_degraded",
      help: "1 while the shared rate limiter's backend does not answer or its circuit breaker is open (the API fails open), else 0.",
      registers,
      async collect() {
        this.set((await limiter().health()) === "degraded" ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: "job_queue_ready_jobs",
    help: "Jobs due and not yet taken by a worker (webhook dispatch, deliveries, e-mails).",
    registers,
    async collect() {
      this.set((await jobs()).n);
    },
  });
  new Gauge({
    name: "job_queue_oldest_ready_job_age_seconds",
    help: "How long the oldest due job has waited for a worker (0 when none waits).",
    registers,
    async collect() {
      this.set((await jobs()).oldestSeconds);
    },
  });
  for (const [table, noun] of [["webhook_deliveries", "webhook deliveries"], ["guest_emails", "guest e-mails"]] as const) {
    const rows = sharedPerScrape(() => backlog(sources.db(), table));
    const metric = table === "webhook_deliveries" ? "webhook_deliveries" : "guest_emails";
    new Gauge({
      name: metric,
      help: `${noun[0]!.toUpperCase()}${noun.slice(1)} kept (the last 30 days), by status (pending, succeeded, failed).`,
      labelNames: ["status"] as const,
      registers,
      async collect() {
        this.reset();
        for (const status of ["pending", "succeeded", "failed"]) this.set({ status }, 0);
        for (const row of await rows()) this.set({ status: row.status }, row.n);
      },
    });
    new Gauge({
      name: `${metric}_oldest_pending_age_seconds`,
      help: `How long the oldest pending one of the ${noun} has waited (0 when none).`,
      registers,
      async collect() {
        this.set((await rows()).find((row) => row.status === "pending")?.oldest_pending_seconds ?? 0);
      },
    });
  }
}

async function readyJobs(db: Db): Promise<{ n: number; oldestSeconds: number }> {
  const [row] = await db.$queryRaw<{ n: number; oldest: number | null }[]>`
    SELECT count(*)::int AS n, extract(epoch FROM now() - min(run_at))::float8 AS oldest
    FROM graphile_worker.jobs WHERE run_at <= now() AND locked_at IS NULL AND attempts < max_attempts`;
  return { n: row?.n ?? 0, oldestSeconds: Math.max(0, row?.oldest ?? 0) };
}
