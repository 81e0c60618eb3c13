import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { ensureChromium } from "./find-chromium";
import { ensureRedis, type TestRedis } from "./ensure-redis";
import { CLOCK_SHIFT_DAYS, pinnedClockTestFiles } from "./pinned-clock-tests";

/**
 * npm test: lint, type check, unit and integration tests (vitest), the tests that pin a clock
 * once more with the clock a year ahead (pinned-clock-tests.ts), end-to-end tests
 * (Playwright: the production build, then the development server), then the production-only
 * install (check-production-install.ts). Gets what it needs by itself: a Chromium, a
 * PostgreSQL (DATABASE_URL, else embedded: see test/support) and a Redis (REDIS_URL, else a
 * private redis-server).
 * Every step runs even when an earlier one fails; the exit code says whether all passed.
 */
const root = resolve(import.meta.dirname, "..", "..");
const reports = join(root, ".data", "test-reports");
const bin = (name: string) => join(root, "node_modules", ".bin", name);

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };

const steps: Step[] = [
  { name: "lint (eslint)", command: bin("eslint"), args: ["--max-warnings=0", "."] },
  { name: "type check (tsc)", command: bin("tsc"), args: ["--noEmit", "-p", "."] },
  {
    name: "unit and integration tests (vitest)",
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, "vitest.json")}`],
  },
  // The files that pin a clock, again with every process's clock a year ahead (PostgreSQL's is not): pinned-clock-tests.ts.
  {
    name: `tests that pin a clock, ${CLOCK_SHIFT_DAYS} days ahead`,
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, "vitest-shifted-clock.json")}`, ...pinnedClockTestFiles(root)],
    env: { TEST_CLOCK_SHIFT_DAYS: String(CLOCK_SHIFT_DAYS), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${join(root, "test", "support", "shifted-clock.mjs")}`.trim() },
  },
  { name: "end-to-end tests (playwright)", command: bin("playwright"), args: ["test"] },
  // The development server (next dev): every page's console, and the dev mailbox.
  { name: "end-to-end tests, development server", command: bin("playwright"), args: ["test", "-c", "playwright.dev.config.ts"] },
  // After the end-to-end steps: the first has just built the app into .next (next dev keeps to .next/dev). One test.
  {
    name: "production-only install",
    command: bin("tsx"),
    args: ["scripts/test/check-production-install.ts", "--report", join(reports, "production-install.json")],
  },
];

type Counts = { passed: number; failed: number; skipped: string[] };

/** Every test a runner skipped, by name: a skip (a platform check, a missing tool) must not vanish from the total. */
function vitestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const skipped: string[] = [];
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      if (test.status === "pending" || test.status === "skipped" || test.status === "todo") skipped.push(`${relative(root, result.name)}: ${test.fullName}`);
    }
  }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped };
}

type PlaywrightSuite = { title: string; suites?: PlaywrightSuite[]; specs?: { title: string; file: string; tests: { status: string }[] }[] };

function playwrightCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const stats = report.stats ?? {};
  const skipped: string[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) if (test.status === "skipped") skipped.push(`${spec.file}: ${[...titles, spec.title].join(" › ")}`);
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped };
}

function counts(): Counts {
  const total: Counts = { passed: 0, failed: 0, skipped: [] };
  const add = (part: Counts) => {
    total.passed += part.passed;
    total.failed += part.failed;
    total.skipped.push(...part.skipped);
  };
  const vitest = join(reports, "vitest.json");
  if (existsSync(vitest)) add(vitestCounts(vitest));
  // The second run of the same tests adds its failures and skips, not its passes (they are counted once).
  const shifted = join(reports, "vitest-shifted-clock.json");
  if (existsSync(shifted)) add({ ...vitestCounts(shifted), passed: 0 });
  for (const e2e of [join(reports, "e2e.json"), join(reports, "e2e-dev.json")]) if (existsSync(e2e)) add(playwrightCounts(e2e));
  // Always runs: no report means it crashed before writing one.
  const production = join(reports, "production-install.json");
  const productionOk = existsSync(production) && JSON.parse(readFileSync(production, "utf8")).ok === true;
  add({ passed: productionOk ? 1 : 0, failed: productionOk ? 0 : 1, skipped: [] });
  return total;
}

async function main(): Promise<number> {
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const chromium = ensureChromium();
  let redis: TestRedis | undefined;
  try {
    redis = await ensureRedis();
    console.error(`[test] Chromium: ${chromium}`);
    console.error(`[test] PostgreSQL: ${process.env.DATABASE_URL ? "DATABASE_URL (a database per test file, dropped after)" : "embedded, throw-away"}`);
    console.error(`[test] Redis: ${process.env.REDIS_URL ? "REDIS_URL" : `private redis-server at ${redis.url}`}`);
    const env = { ...process.env, CHROMIUM_PATH: chromium, REDIS_URL: redis.url, NEXT_TELEMETRY_DISABLED: "1" };
    const results: { name: string; ok: boolean; seconds: number }[] = [];
    for (const step of steps) {
      console.error(`\n[test] ▶ ${step.name}`);
      const started = Date.now();
      const run = spawnSync(step.command, step.args, { cwd: root, stdio: "inherit", env: { ...env, ...step.env } });
      const ok = run.status === 0;
      results.push({ name: step.name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
      console.error(`[test] ${ok ? "✓" : "✗"} ${step.name} (${results.at(-1)!.seconds} s)`);
    }
    console.error("\n[test] summary");
    for (const r of results) console.error(`[test]   ${r.ok ? "✓" : "✗"} ${r.name.padEnd(40)} ${r.seconds} s`);
    const { passed, failed, skipped } = counts();
    for (const name of skipped) console.error(`[test]   skipped: ${name}`);
    console.log(`tests: ${passed} passed, ${failed} failed, ${skipped.length} skipped`);
    return results.every((r) => r.ok) ? 0 : 1;
  } finally {
    await redis?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
