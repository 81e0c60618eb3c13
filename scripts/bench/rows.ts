import { availabilityRequest, bookingRequest, getRequest, groupRequest, ratesRequest, type BenchData, type BenchRequest } from "./bench-data";
import { measure, type Measured } from "./measure";
import { say } from "./say";

export type RowId = "baseline" | "me" | "me-ceiling" | "availability" | "availability-ceiling" | "rates" | "rates-ceiling" | "bookings" | "bookings-ceiling" | "groups" | "groups-ceiling";
/** ratio: to the baseline; ofCeiling (routes only): to the route's ceiling. Both medians of per-round figures. */
export type Row = { id: RowId; name: string } & Measured & { ratio: number; ofCeiling?: number };

type RowSpec = { id: RowId; name: string; request: (data: BenchData, i: number) => BenchRequest };

/**
 * The rows of a normal run, in order: the baseline (the framework's own cost), then each hot
 * path followed by its ceiling (app/bench/ceiling: the same statements and limiter call with
 * nothing else), so that route / ceiling is our overhead and ceiling / baseline the database's.
 */
const ALL_ROWS: RowSpec[] = [
  { id: "baseline", name: "baseline GET /api/ping", request: () => ({ method: "GET", path: "/api/ping", headers: {} }) },
  { id: "me", name: "GET /partner/v1/me", request: (data, i) => getRequest("/partner/v1/me", data.tenant(i)) },
  { id: "me-ceiling", name: "ceiling of /me (key lookup, limit)", request: (data, i) => getRequest("/bench/ceiling/me", data.tenant(i)) },
  { id: "availability", name: "GET /partner/v1/availability (7 nights, 10 room types)", request: (data, i) => availabilityRequest("/partner/v1", data.tenant(i), i) },
  { id: "availability-ceiling", name: "ceiling of /availability", request: (data, i) => availabilityRequest("/bench/ceiling", data.tenant(i), i) },
  { id: "rates", name: "GET /partner/v1/rates (90 nights, every room type, every plan)", request: (data, i) => ratesRequest("/partner/v1", data.tenant(i), i) },
  { id: "rates-ceiling", name: "ceiling of /rates", request: (data, i) => ratesRequest("/bench/ceiling", data.tenant(i), i) },
  { id: "bookings", name: "POST /partner/v1/bookings (fresh Idempotency-Keys)", request: (data, i) => bookingRequest("/partner/v1", data.tenant(i), i) },
  { id: "bookings-ceiling", name: "ceiling of POST /bookings", request: (data, i) => bookingRequest("/bench/ceiling", data.tenant(i), i) },
  { id: "groups", name: "POST /partner/v1/booking-groups (two rooms, fresh Idempotency-Keys)", request: (data, i) => groupRequest("/partner/v1", data.tenant(i), i) },
  { id: "groups-ceiling", name: "ceiling of POST /booking-groups", request: (data, i) => groupRequest("/bench/ceiling", data.tenant(i), i) },
];

const ALL_ROUTES: { route: RowId; ceiling: RowId; label: string }[] = [
  { route: "me", ceiling: "me-ceiling", label: "GET /me" },
  { route: "availability", ceiling: "availability-ceiling", label: "GET /availability" },
  { route: "rates", ceiling: "rates-ceiling", label: "GET /rates" },
  { route: "bookings", ceiling: "bookings-ceiling", label: "POST /bookings" },
  { route: "groups", ceiling: "groups-ceiling", label: "POST /booking-groups" },
];

/**
 * BENCH_ROWS=availability,availability-ceiling measures only those rows (and the baseline): a
 * quicker run while working on one path. A normal run measures every row.
 */
const chosen = process.env.BENCH_ROWS?.split(",").map((id) => id.trim()).filter(Boolean);
const ROWS = chosen ? ALL_ROWS.filter((spec) => spec.id === "baseline" || chosen.includes(spec.id)) : ALL_ROWS;
const ROUTES = ALL_ROUTES.filter(({ route, ceiling }) => ROWS.some((spec) => spec.id === route) && ROWS.some((spec) => spec.id === ceiling));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type Round = { measured: Map<RowId, Measured[]>; ratios: Map<RowId, number> };

/**
 * One round: the baseline, then each other row followed by the baseline again (B r1 B r2 B …
 * B). A row's ratio in the round is its requests/s over the mean of the two baselines around
 * it, measured seconds before and after it: on these machines the baseline has moved by a
 * third from one minute to the next, so a row is only compared with what the machine did then.
 *
 * Every other round runs the rows in reverse order, so that no row always follows the same
 * one: a route is measured before its ceiling in one round and after it in the next, and the
 * rows after the bookings (which leave PostgreSQL writing and vacuuming behind them) change.
 */
async function measureRound(base: string, data: BenchData, load: { seconds: number; connections: number }, round: number): Promise<Round> {
  const measured = new Map<RowId, Measured[]>();
  const ratios = new Map<RowId, number>();
  // Each round's requests are new ones (fresh Idempotency-Keys, other dates and tenants).
  const run = async (spec: RowSpec) => {
    const m = await measure(base, (i) => spec.request(data, i + (round + 2) * 1_000_000), load);
    measured.set(spec.id, [...(measured.get(spec.id) ?? []), m]);
    return m;
  };
  const [baseline, ...others] = ROWS;
  let before = await run(baseline!);
  for (const spec of round % 2 === 0 ? others : others.toReversed()) {
    const m = await run(spec);
    const after = await run(baseline!);
    ratios.set(spec.id, m.requestsPerSecond / ((before.requestsPerSecond + after.requestsPerSecond) / 2));
    before = after;
  }
  ratios.set("baseline", 1);
  return { measured, ratios };
}

/**
 * Every row in `rounds` rounds (measureRound), after a warm-up. A row's figures are the medians
 * of its measurements, its ratio the median of its per-round ratios, and a route's share of its
 * ceiling the median of the per-round quotients of their ratios.
 */
export async function measureRows(base: string, data: BenchData, load: { seconds: number; connections: number; rounds: number }): Promise<Row[]> {
  // Warm up the server as a whole first (JIT, connection pools), then every row's code and
  // statements before any is measured: a row measured early must not pay for warming up
  // what the rows after it use (routes and their ceilings share most of their code).
  await measure(base, (i) => getRequest("/partner/v1/me", data.tenant(i)), { connections: load.connections, seconds: 10 });
  for (const spec of ROWS) await measure(base, (i) => spec.request(data, i + 1_000_000), { connections: load.connections, amount: 1_000 });
  const rounds: Round[] = [];
  for (let round = 0; round < load.rounds; round++) {
    const done = await measureRound(base, data, load, round);
    say(`round ${round + 1} of ${load.rounds}: ${ROWS.slice(1).map((spec) => `${spec.id} ${Math.round(done.ratios.get(spec.id)! * 100)} %`).join(", ")} of the baseline (${done.measured.get("baseline")!.map((m) => m.requestsPerSecond).join(", ")} requests/s)`);
    rounds.push(done);
  }
  const ceilingOf = new Map(ROUTES.map(({ route, ceiling }) => [route, ceiling]));
  return ROWS.map(({ id, name }) => {
    const all = rounds.flatMap((round) => round.measured.get(id)!);
    const of = (pick: (m: Measured) => number) => median(all.map(pick));
    const ceiling = ceilingOf.get(id);
    return {
      id,
      name,
      requestsPerSecond: Math.round(of((m) => m.requestsPerSecond)),
      p50: of((m) => m.p50),
      p99: of((m) => m.p99),
      errors: all.reduce((sum, m) => sum + m.errors, 0),
      ratio: Math.round(median(rounds.map((round) => round.ratios.get(id)!)) * 100) / 100,
      ...(ceiling ? { ofCeiling: Math.round(median(rounds.map((round) => round.ratios.get(id)! / round.ratios.get(ceiling)!)) * 100) / 100 } : {}),
    };
  });
}

/** The markdown table (ceiling rows right under their route), then each route as a share of its ceiling. */
export function formatRows(rows: Row[]): string {
  const table = [
    `| endpoint | requests/s | p50 ms | p99 ms | errors | vs baseline |`,
    `|---|---:|---:|---:|---:|---:|`,
    ...rows.map((r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.ratio * 100)} % |`),
  ];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shares = ROUTES.map(({ route, ceiling, label }) => {
    const r = byId.get(route)!;
    return `${label}: ${Math.round(r.ofCeiling! * 100)} % of its ceiling (round by round; medians ${r.requestsPerSecond} and ${byId.get(ceiling)!.requestsPerSecond} requests/s)`;
  });
  return [...table, "", ...shares].join("\n");
}
