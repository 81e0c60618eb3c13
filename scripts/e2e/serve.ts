import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { startOtlpReceiver } from "../../test/support/otlp-receiver";
import { startSmtpSink } from "../../test/support/smtp-sink";
import { prepareDemo } from "../app/prepare-demo";
import { createThrowAwayDatabase } from "../db/throw-away-database";
import { waitUntilServing } from "../lib/wait-until-serving";
import { ensureRedis } from "../test/ensure-redis";

/**
 * The server behind the Playwright tests: a production build (`next build`, skipped with
 * E2E_SKIP_BUILD=1) started with `next start` on a database of its own (a new database on
 * DATABASE_URL's server, else a throw-away embedded cluster), migrated and seeded. The demo
 * credentials are written to .data/e2e/local-state.json and the database URL to
 * .data/e2e/database.json for the tests (e2e/support). A second instance of the same build,
 * on the same database and Redis, listens on E2E_PORT + 1 (its URL in .data/e2e/instances.json)
 * for the tests that prove several instances share limits, keys and bookings. Both run the
 * queue worker; guest e-mails go to an SMTP server of this run (.data/e2e/mail/*.eml). The
 * second traces (OpenTelemetry) to an OTLP receiver of this run (.data/e2e/spans.jsonl). They
 * limit requests with Redis, always, as production does: REDIS_URL's (counters under a prefix of
 * this run), else a private redis-server started for the run. A third,
 * on E2E_PORT + 2 without a worker, is reached as http://localhost:{port} (PUBLIC_BASE_URL too):
 * passkeys need a domain for their relying party, and browsers refuse an IP address
 * (e2e/panel/passkeys.spec.ts).
 *
 * With E2E_DEV=1 (playwright.dev.config.ts) it serves the app as `npm run dev` does instead:
 * one `next dev` on E2E_PORT, no SMTP server (guest e-mails go to the dev mailbox), no build.
 */
const root = resolve(import.meta.dirname, "..", "..");
const port = Number(process.env.E2E_PORT ?? 3100);
const dev = process.env.E2E_DEV === "1";
export const E2E_STATE_FILE = join(root, ".data", "e2e", "local-state.json");
const say = (line: string) => console.error(`[e2e] ${line}`);

async function main() {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const cleanups: (() => Promise<void>)[] = [];
  const database = await createThrowAwayDatabase({ runId, purpose: "e2e", log: say });
  const databaseUrl = database.url;
  cleanups.push(database.dispose);
  rmSync(E2E_STATE_FILE, { force: true });
  const { state } = await prepareDemo(databaseUrl, E2E_STATE_FILE);
  // The tests set up their own staff and data in this throw-away database (e2e/support/db.ts).
  writeFileSync(join(dirname(E2E_STATE_FILE), "database.json"), JSON.stringify({ url: databaseUrl }), { mode: 0o600 });

  // Guest e-mails go to a real SMTP server of this run; each arrives as .data/e2e/mail/<n>.eml.
  // Not in development, which keeps them in the dev mailbox as npm run dev does.
  let smtpUrl: string | undefined;
  if (!dev) {
    const mailDir = join(dirname(E2E_STATE_FILE), "mail");
    rmSync(mailDir, { recursive: true, force: true });
    mkdirSync(mailDir, { recursive: true });
    let mailCount = 0;
    const smtp = await startSmtpSink({ onMessage: (_mail, raw) => writeFileSync(join(mailDir, `${String(++mailCount).padStart(4, "0")}.eml`), raw) });
    cleanups.push(smtp.close);
    smtpUrl = smtp.url;
  }

  // The second instance exports its traces (OpenTelemetry) to a receiver of this run: each span
  // is a line of .data/e2e/spans.jsonl (e2e/api/tracing.spec.ts reads them).
  let tracing: Record<string, string> = {};
  if (!dev) {
    const spansFile = join(dirname(E2E_STATE_FILE), "spans.jsonl");
    rmSync(spansFile, { force: true });
    const receiver = await startOtlpReceiver({ onSpans: (spans) => appendFileSync(spansFile, spans.map((span) => `${JSON.stringify(span)}\n`).join("")) });
    cleanups.push(receiver.close);
    tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: "room-booking-e2e", OTEL_BSP_SCHEDULE_DELAY: "200" };
  }

  // Rate limits in Redis, as in production (and shared by the instances): REDIS_URL's, else a
  // redis-server of this run's own on a free port, stopped with the run.
  const redisUrl = process.env.REDIS_URL?.trim() || (await startPrivateRedis(cleanups));

  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: state.sessionSecret,
    PARTNER_API_KEY: state.demo.siteApiKey,
    PARTNER_API_BASE_URL: `http://127.0.0.1:${port}/partner/v1`,
    // As npm run dev has it, development leaves PUBLIC_BASE_URL unset: links follow the port (e2e/dev/widget-snippet.spec.ts).
    ...(dev ? {} : { PUBLIC_BASE_URL: `http://127.0.0.1:${port}` }),
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    MAIL_FROM: "Room Booking e2e <bookings@e2e.test>",
    // The tests' webhook receivers listen on 127.0.0.1, and wait seconds, not hours, for retries.
    WEBHOOK_ALLOW_PRIVATE_URLS: "1",
    EVENT_RETRY_SCHEDULE: "300ms,300ms,300ms,300ms",
    // A shared Redis outlives runs: counters of this run (sign-in attempts from 127.0.0.1, say) stay its own.
    RATE_LIMIT_BACKEND: "redis",
    REDIS_URL: redisUrl,
    RATE_LIMIT_PREFIX: `rb-e2e:${runId}`,
  };
  const next = join(root, "node_modules", ".bin", "next");
  // A dev cache left by a server of other code (an earlier checkout, a run mid-edit) has been seen
  // to reload pages in a loop ("HMR hash mismatch"): the development server starts from none.
  if (dev) rmSync(join(root, ".next", "dev"), { recursive: true, force: true });
  if (!dev && process.env.E2E_SKIP_BUILD !== "1") {
    say("building the app (next build) ...");
    const build = spawnSync(next, ["build"], { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: { ...env, NODE_ENV: "production" } });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const instances: ChildProcess[] = [];
  let stopping = false;
  const shutdown = async (exitCode = 0) => {
    stopping = true;
    // Each server leads a process group of its own (next dev has children): end the whole group
    // (one already gone must not keep the cleanups below from running).
    for (const instance of instances) {
      if (instance.pid) {
        try {
          process.kill(-instance.pid, "SIGTERM");
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
        }
      }
    }
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => say(`cleanup: ${String(error)}`));
    process.exit(exitCode);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
  // One after the other: Playwright waits for the second's health (playwright.config.ts), so
  // the first tests do not share the two cores with servers still starting; the passkeys'
  // instance starts before the second, so it is up when the tests start.
  const passkeyPort = port + 2;
  const ports = dev ? [port] : [port, passkeyPort, port + 1];
  const passkeyEnv = { PUBLIC_BASE_URL: `http://localhost:${passkeyPort}`, WORKER_IN_PROCESS: "0" };
  for (const instancePort of ports) {
    // Idle keep-alive sockets stay open longer than the tests' client keeps them (Node's 5 s
    // default): a request sent on a socket the server is just closing fails with ECONNRESET.
    const keepAlive = dev ? [] : ["--keepAliveTimeout", "65000"];
    const args = [dev ? "dev" : "start", "--port", String(instancePort), "--hostname", "127.0.0.1", ...keepAlive];
    const traced = instancePort === port + 1 ? tracing : instancePort === passkeyPort ? passkeyEnv : {};
    const instance = spawn(next, args, { cwd: root, stdio: "inherit", detached: true, env: dev ? { ...env, NODE_ENV: "development" } : { ...env, ...traced } });
    instances.push(instance);
    instance.on("exit", (code) => {
      if (!stopping && code !== null && code !== 0) say(`next ${args[0]} exited with ${code}`);
    });
    try {
      await waitUntilServing(`http://127.0.0.1:${instancePort}/api/health`, instance, 120_000);
    } catch (error) {
      say(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
      await shutdown(1);
    }
  }
  const urls = dev ? [`http://127.0.0.1:${port}`] : [`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`];
  writeFileSync(join(dirname(E2E_STATE_FILE), "instances.json"), JSON.stringify({ urls, passkeyUrl: `http://localhost:${passkeyPort}` }));
}

async function startPrivateRedis(cleanups: (() => Promise<void>)[]): Promise<string> {
  const redis = await ensureRedis();
  cleanups.push(redis.stop);
  say(`no REDIS_URL: rate limits in a redis-server of this run at ${redis.url}`);
  return redis.url;
}

main().catch((error: unknown) => {
  say(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
