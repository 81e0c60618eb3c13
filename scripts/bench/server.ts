import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../lib/ports";
import { waitUntilServing } from "../lib/wait-until-serving";
import { say, type Cleanups } from "./say";

/** next build, unless BENCH_SKIP_BUILD=1 (reuses the last build). */
export function buildUnlessSkipped(root: string): void {
  if (process.env.BENCH_SKIP_BUILD === "1") return say("BENCH_SKIP_BUILD=1: reusing the last build");
  say("building (next build) ...");
  const build = spawnSync(join(root, "node_modules/.bin/next"), ["build"], { cwd: root, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error("next build failed");
}

/**
 * The production server (next start) on the run's database, as production runs it (the job
 * worker inside, from instrumentation.ts), with the ceiling routes on (BENCH_CEILING_ROUTES=1).
 * Its output goes to .data/bench-server.log. Returns its base URL; stopped by the cleanups.
 */
export async function startServer(root: string, databaseUrl: string, cleanups: Cleanups): Promise<string> {
  const port = await freePort();
  const logFile = join(root, ".data", "bench-server.log");
  mkdirSync(join(root, ".data"), { recursive: true });
  // BENCH_PROFILE=1 writes a CPU profile of the server to .data/profiles/ (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? `--cpu-prof --cpu-prof-dir=${join(root, ".data", "profiles")}` : "";
  const next = join(root, "node_modules", "next", "dist", "bin", "next");
  const server = spawn("sh", ["-c", `exec node ${profile} ${next} start --port ${port} --hostname 127.0.0.1 >> ${logFile} 2>&1`], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      BENCH_CEILING_ROUTES: "1",
      ...(process.env.REDIS_URL ? { RATE_LIMIT_PREFIX: `rb-bench:${randomUUID()}` } : { RATE_LIMIT_BACKEND: "memory" }),
    },
  });
  cleanups.push(async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((done) => server.once("exit", done));
    server.kill("SIGINT");
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${base}/api/ping`, server);
  say(`server up (${process.env.REDIS_URL ? "Redis" : "in-memory"} limiter), its log in .data/bench-server.log`);
  return base;
}
