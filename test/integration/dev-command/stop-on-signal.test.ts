import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort, portIsFree } from "@/scripts/lib/ports";
import { waitUntilServing } from "@/scripts/lib/wait-until-serving";
import { processTree, stillRunning, type RunningProcess } from "../../support/process-tree";

/**
 * `npm run dev` as a developer runs it (npm, tsx, next dev and its server process, the embedded
 * PostgreSQL), stopped the two ways it gets stopped: SIGTERM to npm (an IDE, a process manager)
 * and Ctrl-C (SIGINT to the terminal's whole process group). Either way, within 15 s, its HTTP
 * and PostgreSQL ports are free, no process it started is left, and it said so without an error.
 * It runs on free ports and a throw-away ROOM_BOOKING_DATA_DIR, never a developer's .data.
 */
const root = fileURLToPath(new URL("../../..", import.meta.url));
const STOP_WITHIN_MS = 15_000;

// Every folder above an embedded cluster must be enterable by the postgres user (as root).
const dataDir = mkdtempSync(join(tmpdir(), "rb-dev-stop-"));
chmodSync(dataDir, 0o755);
/** Each process npm run dev starts inherits its environment, this variable with it (test/support/process-tree.ts). */
const marker = `ROOM_BOOKING_DATA_DIR=${dataDir}`;

/** Every process of this file's runs seen so far (PostgreSQL's are found through their parent). */
let seen: RunningProcess[] = [];
function processesLeft(): RunningProcess[] {
  const now = processTree(marker);
  seen = [...seen, ...now.filter((p) => !seen.some((q) => q.pid === p.pid && q.startTime === p.startTime))];
  return stillRunning(seen);
}

/** What a developer reads as an error: log lines at level error or fatal, Next.js's ⨯, npm's errors, uncaught exceptions. */
function errorLines(output: string): string[] {
  return output.split("\n").filter((line) => {
    if (line.trimStart().startsWith("{")) {
      try {
        const { level } = JSON.parse(line) as { level?: unknown };
        if (typeof level === "number") return level >= 50;
      } catch {
        // not a log line
      }
    }
    return /^\s*(⨯|npm error|error\b)|uncaught|terminating connection/i.test(line);
  });
}

type DevRun = { npm: ChildProcess; port: number; postgresPort: number; output: () => string };

async function startDev(): Promise<DevRun> {
  const port = await freePort();
  const postgresPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    EMBEDDED_POSTGRES_PORT: String(postgresPort),
    ROOM_BOOKING_DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The embedded database and the in-memory limiter, as on a fresh clone; never the test run's services.
  for (const name of ["DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "SMTP_URL", "NODE_ENV", "SESSION_SECRET", "PARTNER_API_KEY", "PARTNER_API_BASE_URL"]) {
    delete env[name];
  }
  // A process group of its own, as a terminal gives a command (Ctrl-C signals the whole group).
  const npm = spawn("npm", ["run", "dev"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  npm.stdout!.on("data", (chunk) => (output += chunk));
  npm.stderr!.on("data", (chunk) => (output += chunk));
  await waitUntilServing(`http://127.0.0.1:${port}/api/health`, npm, 180_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n--- output\n${output}`);
  });
  // The in-process worker holds connections too: stop once it is running.
  const deadline = Date.now() + 30_000;
  while (!output.includes('"worker started"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  processesLeft(); // PostgreSQL's processes, while their parent still is
  return { npm, port, postgresPort, output: () => output };
}

async function expectStoppedCleanly(run: DevRun): Promise<void> {
  const started = Date.now();
  const state = async () => ({
    npmRunning: run.npm.exitCode === null && run.npm.signalCode === null,
    httpPortFree: await portIsFree(run.port),
    postgresPortFree: await portIsFree(run.postgresPort),
    processesLeft: processesLeft(),
  });
  let now = await state();
  while (Date.now() - started < STOP_WITHIN_MS) {
    if (!now.npmRunning && now.httpPortFree && now.postgresPortFree && !now.processesLeft.length) break;
    await new Promise((r) => setTimeout(r, 250));
    now = await state();
  }
  expect(now, `not stopped within ${STOP_WITHIN_MS / 1000} s\n--- output\n${run.output()}`).toEqual({
    npmRunning: false,
    httpPortFree: true,
    postgresPortFree: true,
    processesLeft: [],
  });
  expect(errorLines(run.output())).toEqual([]);
  expect(run.output()).toMatch(/^\[dev\] stopped/m);
}

// Processes are found through /proc (Linux, the project's machines).
describe.runIf(process.platform === "linux")("npm run dev stops with everything it started", { timeout: 300_000 }, () => {
  afterEach(async () => {
    // A failed run must not leave servers behind: end what it started, by pid, politely first
    // (each then stops its own children), then by force.
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      for (const { pid } of processesLeft()) {
        try {
          process.kill(pid, signal);
        } catch {
          // already gone
        }
      }
      const deadline = Date.now() + 10_000;
      while (processesLeft().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("on SIGTERM to npm", async () => {
    const run = await startDev();
    process.kill(run.npm.pid!, "SIGTERM");
    await expectStoppedCleanly(run);
  });

  it("on Ctrl-C (SIGINT to its process group)", async () => {
    const run = await startDev();
    process.kill(-run.npm.pid!, "SIGINT");
    await expectStoppedCleanly(run);
  });
});
