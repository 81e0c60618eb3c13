import { availabilityRequest, bookingRequest, getRequest, type BenchData, type BenchRequest } from "./bench-data";
import { measure, type Measured } from "./measure";
import { say } from "./say";

export type RowId = "baseline" | "me" | "me-ceiling" | "availability" | "availability-ceiling" | "bookings" | "bookings-ceiling";
export type Row = { id: RowId; name: string } & Measured & { ratio: number };

type RowSpec = { id: RowId; name: string; request: (data: BenchData, i: number) => BenchRequest };

/**
 * The rows of a normal run, in order: the baseline (the framework's own cost), then each hot
 * path followed by its ceiling (app/bench/ceiling: the same statements and limiter call with
 * nothing else), so that route / ceiling is our overhead and ceiling / baseline the database's.
 */
const ROWS: RowSpec[] = [
  { id: "baseline", name: "baseline GET /api/ping", request: () => ({ method: "GET", path: "/api/ping", headers: {} }) },
  { id: "me", name: "GET /partner/v1/me", request: (data, i) => getRequest("/partner/v1/me", data.tenant(i)) },
  { id: "me-ceiling", name: "ceiling of /me (key lookup, limit)", request: (data, i) => getRequest("/bench/ceiling/me", data.tenant(i)) },
  { id: "availability", name: "GET /partner/v1/availability (7 nights, 10 room types)", request: (data, i) => availabilityRequest("/partner/v1", data.tenant(i), i) },
  { id: "availability-ceiling", name: "ceiling of /availability", request: (data, i) => availabilityRequest("/bench/ceiling", data.tenant(i), i) },
  { id: "bookings", name: "POST /partner/v1/bookings (fresh Idempotency-Keys)", request: (data, i) => bookingRequest("/partner/v1", data.tenant(i), i) },
  { id: "bookings-ceiling", name: "ceiling of POST /bookings", request: (data, i) => bookingRequest("/bench/ceiling", data.tenant(i), i) },
];

const ROUTES: { route: RowId; ceiling: RowId; label: string }[] = [
  { route: "me", ceiling: "me-ceiling", label: "GET /me" },
  { route: "availability", ceiling: "availability-ceiling", label: "GET /availability" },
  { route: "bookings", ceiling: "bookings-ceiling", label: "POST /bookings" },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Every row in `rounds` rounds: each round measures every row once, one after the other, for
 * `seconds`, so that a slow minute of a noisy machine falls on all rows alike rather than on
 * whichever row ran then. A row's figures are the medians of its rounds; its ratio is the
 * median of its per-round ratios to that round's baseline.
 */
export async function measureRows(base: string, data: BenchData, load: { seconds: number; connections: number; rounds: number }): Promise<Row[]> {
  // Warm up the server as a whole first (JIT, connection pools), then every row's code and
  // statements before any is measured: a row measured early must not pay for warming up
  // what the rows after it use (routes and their ceilings share most of their code).
  await measure(base, (i) => getRequest("/partner/v1/me", data.tenant(i)), { connections: load.connections, seconds: 10 });
  for (const spec of ROWS) await measure(base, (i) => spec.request(data, i + 1_000_000), { connections: load.connections, amount: 1_000 });
  const rounds: Map<RowId, Measured>[] = [];
  for (let round = 0; round < load.rounds; round++) {
    const measured = new Map<RowId, Measured>();
    for (const spec of ROWS) {
      // Each round's requests are new ones (fresh Idempotency-Keys, other dates and tenants).
      measured.set(spec.id, await measure(base, (i) => spec.request(data, i + (round + 2) * 1_000_000), load));
    }
    say(`round ${round + 1} of ${load.rounds}: ${ROWS.map((spec) => `${spec.id} ${measured.get(spec.id)!.requestsPerSecond}`).join(", ")} requests/s`);
    rounds.push(measured);
  }
  return ROWS.map(({ id, name }) => {
    const of = (pick: (m: Measured) => number) => median(rounds.map((round) => pick(round.get(id)!)));
    const ratio = median(rounds.map((round) => round.get(id)!.requestsPerSecond / round.get("baseline")!.requestsPerSecond));
    return {
      id,
      name,
      requestsPerSecond: Math.round(of((m) => m.requestsPerSecond)),
      p50: of((m) => m.p50),
      p99: of((m) => m.p99),
      errors: rounds.reduce((sum, round) => sum + round.get(id)!.errors, 0),
      ratio: Math.round(ratio * 100) / 100,
    };
  });
}

const percent = (part: number, whole: number) => `${whole > 0 ? Math.round((part / whole) * 100) : 0} %`;

/** The markdown table (ceiling rows right under their route), then each route as a share of its ceiling. */
export function formatRows(rows: Row[]): string {
  const table = [
    `| endpoint | requests/s | p50 ms | p99 ms | errors | vs baseline |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map((r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.ratio * 100)} % |`),
  ];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shares = ROUTES.map(({ route, ceiling, label }) => {
    const r = byId.get(route)!.requestsPerSecond;
    const c = byId.get(ceiling)!.requestsPerSecond;
    return `${label} / its ceiling: ${percent(r, c)} (${r} / ${c} requests/s)`;
  });
  return [...table, "", ...shares].join("\n");
}
