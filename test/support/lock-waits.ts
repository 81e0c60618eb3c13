import type { Db } from "@/lib/db";

type LockWaiter = { pid: number; query: string };

/** The sessions of `db`'s database waiting for a lock (a row, a table) while running a statement that starts with `statement`. */
export async function lockWaiters(db: Db, statement: string): Promise<LockWaiter[]> {
  return db.$queryRaw<LockWaiter[]>`
    SELECT pid, query FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND starts_with(query, ${statement})
    ORDER BY pid`;
}

/**
 * Waits until at least `count` sessions wait for a lock inside a statement that starts with
 * `statement` (pg_stat_activity's wait_event_type 'Lock'): proof that the racing side has
 * reached the lock and queued behind whoever holds it, where a sleep would only assume so.
 * Read on `db`'s pool, never on the holder's connection: inside a transaction,
 * pg_stat_activity is a snapshot taken once. Throws, listing what is waiting on what, if that
 * has not happened within `timeoutMs` (a deadline for a broken race, not a speed claim).
 */
export async function waitUntilLockWaits(db: Db, statement: string, options: { count?: number; timeoutMs?: number } = {}): Promise<LockWaiter[]> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const waiters = await lockWaiters(db, statement);
    if (waiters.length >= count) return waiters;
    if (Date.now() > deadline) {
      const active = await db.$queryRaw<{ pid: number; state: string; wait: string | null; query: string }[]>`
        SELECT pid, state, wait_event_type || ':' || wait_event AS wait, left(query, 120) AS query FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' ORDER BY pid`;
      throw new Error(
        `timed out waiting for ${count} session(s) to wait for a lock in "${statement}…" (${waiters.length} did); busy sessions: ${JSON.stringify(active)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
