import DataLoader from "dataloader";
import type { Db } from "@/lib/db";

/** Lookups gathered into one statement at most (a bound on the statement's array parameters). */
export const MAX_BATCH_SIZE = 100;

/**
 * A lookup whose calls started in the same turn of the event loop run as one statement, per
 * database client: `load(db, keys)` gets every key asked for in that turn (in order, repeats
 * included) and must answer one value per key, in the same order.
 *
 * Under load, the requests read from the network in one turn reach their lookups before the
 * turn ends (DataLoader, scheduled with setImmediate: after the turn's I/O callbacks), so one
 * round trip to PostgreSQL serves several of them; on the benchmark's machine a round trip's
 * socket write cost more main-thread CPU than all the rest of a key lookup. Nothing is cached: every lookup is
 * answered by a statement that started after it was asked for, so a change committed before a
 * request arrived is seen by it. A failed statement fails every lookup of its batch.
 */
export function batchedPerDb<K, V>(load: (db: Db, keys: readonly K[]) => Promise<V[]>): (db: Db, key: K) => Promise<V> {
  const loaders = new WeakMap<Db, DataLoader<K, V>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>((keys) => load(db, keys), { cache: false, maxBatchSize: MAX_BATCH_SIZE, batchScheduleFn: (run) => setImmediate(run) });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}
