import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Row } from "./rows";

export type Capacity = { properties: number; requestsPerSecond: number; p99: number | null };

/** bench/results/latest.json: { at, seconds, rounds, connections, node, rows, limiter, capacity }. */
export type Results = {
  at: string;
  /** Per row and round. */
  seconds: number;
  rounds: number;
  connections: number;
  node: string;
  rows: Row[];
  limiter: { backend: string; p50: number; p99: number };
  capacity?: Capacity & { at: string; secondsPerStep: number };
};

/**
 * Writes what this run measured over the last results: a normal run replaces the rows (and
 * keeps the last capacity figure), a capacity run (--capacity) replaces the capacity figure
 * (and keeps the last rows). Each part says when it was measured.
 */
export function writeResults(root: string, update: Partial<Results>): string {
  const dir = join(root, "bench", "results");
  const file = join(dir, "latest.json");
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<Results>) : {};
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...previous, ...update }, null, 2)}\n`);
  return "bench/results/latest.json";
}
