import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { addDays } from "@/lib/dates/calendar-date";
import { createDb } from "@/lib/db";
import { propertyToday } from "@/lib/properties/property-today";
import { createRateLimiter } from "@/lib/rate-limit/create-rate-limiter";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { applyMigrations } from "../db/migrations";
import { embeddedDataDir, ensureDatabase, startEmbeddedPostgres } from "../db/embedded-postgres";
import { assertLocalDatabase, dropDatabase, withDatabaseName } from "../db/local-databases";
import { freePort } from "../lib/ports";

/**
 * npm run bench: builds and starts the production server on benchmark data of its own, then
 * measures, in one run, a trivial baseline route and the partner API's hot paths with
 * autocannon; each as a ratio to the baseline (these machines are noisy: compare within a run).
 * Prints a table and writes bench/results/latest.json.
 */
const root = resolve(import.meta.dirname, "..", "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROPERTIES = 20; // each Pro property allows 200 requests a second: 20 are never limited here
const say = (line: string) => console.error(`[bench] ${line}`);

type Row = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number; ratio: number };

async function database(cleanups: (() => Promise<void>)[]): Promise<string> {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const fromEnv = process.env.DATABASE_URL?.trim();
  if (fromEnv) {
    assertLocalDatabase(fromEnv);
    const admin = withDatabaseName(fromEnv, "postgres");
    await ensureDatabase(admin, `rb_${runId}_bench`);
    cleanups.push(() => dropDatabase(admin, `rb_${runId}_bench`));
    return withDatabaseName(fromEnv, `rb_${runId}_bench`);
  }
  const dataDir = join(embeddedDataDir("bench-postgres"), runId);
  const server = await startEmbeddedPostgres({ dataDir, disposable: true, log: say });
  cleanups.push(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await ensureDatabase(server.url("postgres"), "room_booking");
  return server.url("room_booking");
}

async function benchData(url: string) {
  await applyMigrations(url);
  const db = createDb(url);
  const tenants = [];
  for (let i = 0; i < PROPERTIES; i++) {
    const { property, roomTypes } = await seedProperty(db, {
      name: `Bench Hotel ${i}`,
      plan: "pro",
      roomTypes: Array.from({ length: 10 }, (_, r) => ({ name: `Room type ${r}`, maxAdults: 2 + (r % 3), rooms: 10_000, basePrice: 9_000 + r * 500 })),
    });
    const key = await seedApiKey(db, property.id, "write", "Bench");
    tenants.push({ key: key.key, today: propertyToday(property), roomTypeIds: roomTypes.map((r) => r.id) });
  }
  await db.$disconnect();
  return tenants;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

type BenchRequest = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };

function measure(name: string, base: string, request: (i: number) => BenchRequest) {
  let i = 0;
  return new Promise<Omit<Row, "ratio">>((done, fail) => {
    autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => ({ ...req, ...request(i++) }),
          },
        ],
      },
      (error, result) => {
        if (error) return fail(error);
        done({ name, requestsPerSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors });
      },
    );
  });
}

async function limiterOverhead(): Promise<{ backend: string; p50: number; p99: number }> {
  const backend = process.env.REDIS_URL ? "redis" : "memory";
  const limiter = createRateLimiter({ backend, redisUrl: process.env.REDIS_URL, prefix: `rb-bench:${randomUUID()}` });
  const timings: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    const started = performance.now();
    await limiter.check(`bench-${i % 20}`, { name: "pro", limit: 1_000_000, windowSeconds: 60 });
    timings.push(performance.now() - started);
  }
  await limiter.close();
  timings.sort((a, b) => a - b);
  const at = (q: number) => Math.round(timings[Math.floor(q * (timings.length - 1))]! * 1000) / 1000;
  return { backend, p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const cleanups: (() => Promise<void>)[] = [];
  let server: ChildProcess | undefined;
  try {
    const url = await database(cleanups);
    say(`seeding ${PROPERTIES} Pro properties with 10 room types and 730 nights each ...`);
    const tenants = await benchData(url);
    if (process.env.BENCH_SKIP_BUILD !== "1") {
      say("building (next build) ...");
      if (spawnSync(join(root, "node_modules/.bin/next"), ["build"], { cwd: root, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } }).status !== 0) {
        throw new Error("next build failed");
      }
    }
    const port = await freePort();
    const logFile = join(root, ".data", "bench-server.log");
    mkdirSync(join(root, ".data"), { recursive: true });
    // BENCH_PROFILE=1 writes a CPU profile of the server to .data/profiles/ (open it in Chrome DevTools).
    const profile = process.env.BENCH_PROFILE ? `--cpu-prof --cpu-prof-dir=${join(root, ".data", "profiles")}` : "";
    const next = join(root, "node_modules", "next", "dist", "bin", "next");
    server = spawn("sh", ["-c", `exec node ${profile} ${next} start --port ${port} --hostname 127.0.0.1 >> ${logFile} 2>&1`], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: url,
        SESSION_SECRET: randomBytes(32).toString("hex"),
        ...(process.env.REDIS_URL ? { RATE_LIMIT_PREFIX: `rb-bench:${randomUUID()}` } : { RATE_LIMIT_BACKEND: "memory" }),
      },
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/ping`, server);
    say(`server up (${process.env.REDIS_URL ? "Redis" : "in-memory"} limiter); ${seconds} s per endpoint at ${connections} connections`);

    const tenant = (i: number) => tenants[i % tenants.length]!;
    const json = { "content-type": "application/json" };
    // Warm up every route once per tenant (compiles, connection pools).
    await measure("warm-up", base, (i) => ({ method: "GET", path: "/partner/v1/me", headers: { "x-api-key": tenant(i).key } }));

    const results: Omit<Row, "ratio">[] = [];
    results.push(await measure("baseline GET /api/ping", base, () => ({ method: "GET", path: "/api/ping", headers: {} })));
    results.push(await measure("GET /partner/v1/me", base, (i) => ({ method: "GET", path: "/partner/v1/me", headers: { "x-api-key": tenant(i).key } })));
    results.push(
      await measure("GET /partner/v1/availability (7 nights, 10 room types)", base, (i) => {
        const t = tenant(i);
        const checkin = addDays(t.today, 1 + (i % 300));
        return { method: "GET", path: `/partner/v1/availability?checkin=${checkin}&checkout=${addDays(checkin, 7)}&adults=2`, headers: { "x-api-key": t.key } };
      }),
    );
    results.push(
      await measure("POST /partner/v1/bookings", base, (i) => {
        const t = tenant(i);
        const checkin = addDays(t.today, 1 + (i % 600));
        const body = JSON.stringify({
          roomTypeId: t.roomTypeIds[i % t.roomTypeIds.length],
          checkin,
          checkout: addDays(checkin, 2),
          adults: 2,
          guest: { firstName: "Bench", lastName: "Mark", email: "bench@example.com" },
        });
        return { method: "POST", path: "/partner/v1/bookings", headers: { "x-api-key": t.key, "idempotency-key": randomUUID(), ...json }, body };
      }),
    );
    const baseline = results[0]!.requestsPerSecond;
    const rows: Row[] = results.map((r) => ({ ...r, ratio: Math.round((r.requestsPerSecond / baseline) * 100) / 100 }));
    const limiter = await limiterOverhead();

    const table = [
      `| endpoint | requests/s | p50 ms | p99 ms | errors | vs baseline |`,
      `|---|---:|---:|---:|---:|---:|`,
      ...rows.map((r) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${Math.round(r.ratio * 100)} % |`),
    ].join("\n");
    console.log(`\n${table}\n\nrate limiter alone (${limiter.backend}): p50 ${limiter.p50} ms, p99 ${limiter.p99} ms per check\n`);
    mkdirSync(join(root, "bench", "results"), { recursive: true });
    writeFileSync(
      join(root, "bench", "results", "latest.json"),
      `${JSON.stringify({ at: new Date().toISOString(), seconds, connections, node: process.version, rows, limiter }, null, 2)}\n`,
    );
    say("wrote bench/results/latest.json");
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once("exit", done));
      server.kill("SIGINT");
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    }
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
