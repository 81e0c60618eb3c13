import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { batchedPerDb, MAX_BATCH_SIZE } from "@/lib/db-batch";

/** A batched lookup that doubles numbers, recording every statement it would have run. */
function doubling(fail?: (keys: readonly number[]) => boolean) {
  const statements: { db: Db; keys: number[] }[] = [];
  const lookup = batchedPerDb(async (db: Db, keys: readonly number[]) => {
    statements.push({ db, keys: [...keys] });
    if (fail?.(keys)) throw new Error("database unavailable");
    return keys.map((key) => key * 2);
  });
  return { lookup, statements };
}

const dbA = {} as Db;
const dbB = {} as Db;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("batchedPerDb", () => {
  it("answers the lookups started in one turn of the event loop with one statement, each with its own value", async () => {
    const { lookup, statements } = doubling();
    const answers = await Promise.all([lookup(dbA, 1), lookup(dbA, 2), lookup(dbA, 2), lookup(dbA, 3)]);
    expect(answers).toEqual([2, 4, 4, 6]);
    expect(statements).toEqual([{ db: dbA, keys: [1, 2, 2, 3] }]);
  });

  it("also gathers lookups started by other callbacks of the same turn (requests read together)", async () => {
    const { lookup, statements } = doubling();
    const started: Promise<number>[] = [];
    // Two callbacks of one turn, each starting its lookup after its own microtasks. Immediates
    // queued together always run in one pass (two 0 ms timers may not: on a loaded machine the
    // clock can tick between them, and the second is then due a turn later).
    await new Promise<void>((done) => {
      setImmediate(() => void Promise.resolve().then(() => started.push(lookup(dbA, 5))));
      setImmediate(() => {
        void Promise.resolve().then(() => started.push(lookup(dbA, 6)));
        done();
      });
    });
    expect(await Promise.all(started)).toEqual([10, 12]);
    expect(statements.map((s) => s.keys)).toEqual([[5, 6]]);
  });

  it("caches nothing: a lookup in a later turn runs a statement of its own", async () => {
    const { lookup, statements } = doubling();
    expect(await lookup(dbA, 1)).toBe(2);
    await nextTurn();
    expect(await lookup(dbA, 1)).toBe(2);
    expect(statements.map((s) => s.keys)).toEqual([[1], [1]]);
  });

  it("keeps each database client's lookups apart", async () => {
    const { lookup, statements } = doubling();
    await Promise.all([lookup(dbA, 1), lookup(dbB, 2), lookup(dbA, 3)]);
    expect(statements).toEqual([
      { db: dbA, keys: [1, 3] },
      { db: dbB, keys: [2] },
    ]);
  });

  it("fails every lookup of a failed statement, and the next turn's lookups run anew", async () => {
    let down = true;
    const { lookup, statements } = doubling(() => down);
    const failed = await Promise.allSettled([lookup(dbA, 1), lookup(dbA, 2)]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect((failed[0] as PromiseRejectedResult).reason).toEqual(new Error("database unavailable"));
    down = false;
    expect(await lookup(dbA, 1)).toBe(2);
    expect(statements).toHaveLength(2);
  });

  it(`runs at most ${MAX_BATCH_SIZE} lookups per statement`, async () => {
    const { lookup, statements } = doubling();
    const keys = Array.from({ length: MAX_BATCH_SIZE + 1 }, (_, i) => i);
    expect(await Promise.all(keys.map((key) => lookup(dbA, key)))).toEqual(keys.map((key) => key * 2));
    expect(statements.map((s) => s.keys.length)).toEqual([MAX_BATCH_SIZE, 1]);
  });
});
