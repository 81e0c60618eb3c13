import { resolve } from "node:path";
import { BenchData } from "./bench-data";
import { measureCapacity, PER_PROPERTY } from "./capacity";
import { benchDatabase } from "./database";
import { limiterOverhead } from "./measure";
import { writeResults } from "./results";
import { formatRows, measureRows } from "./rows";
import { say, type Cleanups } from "./say";
import { buildUnlessSkipped, startServer } from "./server";

/**
 * npm run bench: builds and starts the production server on benchmark data of its own, then
 * measures, in one run, a trivial baseline route, the partner API's hot paths and their
 * ceilings (rows.ts) with autocannon; each as a ratio to the baseline (these machines are
 * noisy: compare within a run). Prints a table and writes bench/results/latest.json.
 *
 * npm run bench -- --capacity: instead, how many Pro properties at 90 % of their quota the
 * server takes, open loop (capacity.ts); written to latest.json as `capacity`, keeping the
 * rows of the last normal run.
 *
 * BENCH_ROUNDS (12: a single 2 s measurement moves by ±10-15 % here, and a route's share of
 * its ceiling is a median of per-round quotients), BENCH_SECONDS (2; per measurement, or 10
 * per capacity step), BENCH_CONNECTIONS (10), BENCH_SKIP_BUILD=1 (reuse the last build),
 * BENCH_PROFILE=1 (CPU profile of the server), BENCH_CAPACITY_MAX (40), BENCH_ROWS (a comma-separated
 * list of row ids to measure, beside the baseline; such a partial run prints its table but does
 * not replace latest.json).
 */
const root = resolve(import.meta.dirname, "..", "..");
const capacityMode = process.argv.slice(2).includes("--capacity");
const seconds = Number(process.env.BENCH_SECONDS ?? (capacityMode ? 10 : 2));
const rounds = Number(process.env.BENCH_ROUNDS ?? 12);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROPERTIES = 20; // each Pro property allows 200 requests a second: 20 are never limited in a normal run

async function main() {
  const cleanups: Cleanups = [];
  try {
    const url = await benchDatabase(cleanups);
    const data = await BenchData.open(url);
    cleanups.push(() => data.close());
    const initial = capacityMode ? 2 : PROPERTIES;
    say(`seeding ${initial} Pro properties with 10 room types and 730 nights each, 3 rate plans and stay restrictions (guest e-mails off, no webhook endpoints) ...`);
    await data.grow(initial);
    buildUnlessSkipped(root);
    const base = await startServer(root, url, cleanups);

    if (capacityMode) {
      const maxProperties = Number(process.env.BENCH_CAPACITY_MAX ?? 40);
      const capacity = await measureCapacity(base, data, { seconds, maxProperties });
      console.log(
        `\ncapacity: ${capacity.properties} Pro properties at ${PER_PROPERTY} requests/s each (90 % of their quota): ` +
          `${capacity.requestsPerSecond} requests/s offered, p99 ${capacity.p99 ?? "-"} ms (open loop, ${seconds} s per step)\n`,
      );
      say(`wrote ${writeResults(root, { capacity: { ...capacity, at: new Date().toISOString(), secondsPerStep: seconds } })}`);
      return;
    }

    say(`${rounds} rounds, each the baseline around every other row (B r B r … B), ${seconds} s per measurement, at ${connections} connections`);
    const rows = await measureRows(base, data, { seconds, connections, rounds });
    const limiter = await limiterOverhead();
    console.log(`\n${formatRows(rows)}\n\nrate limiter alone (${limiter.backend}): p50 ${limiter.p50} ms, p99 ${limiter.p99} ms per check\n`);
    if (process.env.BENCH_ROWS) return say("BENCH_ROWS: a partial run, latest.json left as it was");
    say(`wrote ${writeResults(root, { at: new Date().toISOString(), seconds, rounds, connections, node: process.version, rows, limiter })}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
