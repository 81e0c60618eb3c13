import { spawn } from "node:child_process";
import { join, relative, resolve, sep } from "node:path";
import { startDatabaseInOwnProcess } from "./db/database-in-own-process";
import { DEMO_SLUG, prepareDemo } from "./app/prepare-demo";
import { localDataDir } from "./lib/data-dir";
import { EnvError, parseEnv, publicBaseUrl } from "../lib/env";

/**
 * npm run dev: the app on http://localhost:3000 with nothing installed but Node. Without
 * DATABASE_URL it runs an embedded PostgreSQL (.data/postgres), migrated and seeded on first
 * run; it prints the demo staff login and partner key on every start. ROOM_BOOKING_DATA_DIR
 * moves .data elsewhere (scripts/lib/data-dir.ts).
 *
 * SIGINT and SIGTERM stop next dev, then the database; it exits 0 saying "stopped". package.json
 * runs it as `exec node --import tsx`, so that a signal npm passes on reaches this process itself:
 * /bin/sh (dash) would otherwise stand between them and die of it alone, leaving everything
 * running, and the tsx command (a second process) kills its child if it does not answer a
 * relayed signal within 30 ms.
 */
const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3000);
const step = (line: string) => console.error(`[dev] ${line}`);
/** A path as people read it: relative inside the project, else absolute. */
const shown = (path: string) => (path.startsWith(root + sep) ? relative(root, path) : path);

async function main() {
  // The environment first: a malformed variable stops here, before anything starts or any credential is printed.
  parseEnv(process.env);
  step(process.env.DATABASE_URL ? "using DATABASE_URL" : "starting the embedded PostgreSQL ...");
  const database = await startDatabaseInOwnProcess(step);
  const stateFile = join(localDataDir(), "local-state.json");
  const { state, notes } = await prepareDemo(database.url, stateFile);
  for (const note of notes) step(note);

  // The demo site books with a key of its own; the banner offers another, for trying the API as a partner.
  const siteApiKey = process.env.PARTNER_API_KEY || state.demo.siteApiKey;
  const partnerApiKey = state.demo.partnerApiKey;
  const base = publicBaseUrl(process.env);
  console.log(
    [
      "",
      "  Room Booking is starting",
      `  Guest site      ${base}/`,
      `  Staff panel     ${base}/login`,
      `  API docs        ${base}/docs`,
      `  Partner API     ${base}/partner/v1`,
      `  Booking engine  ${base}/hotels/${DEMO_SLUG}  (the hotel's own booking site; its widget: Settings › Booking engine)`,
      `  Guest e-mails   ${process.env.SMTP_URL ? "sent over SMTP_URL" : `${base}/dev/mailbox (kept locally; set SMTP_URL to send)`}`,
      "",
      `  Staff login     ${state.demo.staffEmail}  /  ${state.demo.staffPassword}`,
      `  Partner key     ${partnerApiKey}`,
      `                  curl -H "X-Api-Key: ${partnerApiKey}" ${base}/partner/v1/me`,
      `  Test key        ${state.demo.testApiKey}  (test mode: nothing it does is real)`,
      `                  curl -H "X-Api-Key: ${state.demo.testApiKey}" ${base}/partner/v1/me`,
      "",
      `  Database        ${database.dataDir ? `embedded PostgreSQL (${shown(database.dataDir)})` : "DATABASE_URL"}`,
      `  (development only: these credentials live in ${shown(stateFile)}${stateFile.startsWith(root + sep) ? ", which git ignores" : ""})`,
      "",
    ].join("\n"),
  );

  const next = spawn(join(root, "node_modules", ".bin", "next"), ["dev", "--port", String(port)], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      SESSION_SECRET: process.env.SESSION_SECRET || state.sessionSecret,
      PARTNER_API_KEY: siteApiKey,
      PARTNER_API_BASE_URL: process.env.PARTNER_API_BASE_URL || `http://127.0.0.1:${port}/partner/v1`,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  // Stopping: next dev first (it stops its server process, and with it the worker), then the
  // database, when nothing is connected to it any more.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    step(`${signal}: stopping next dev${database.embedded ? ", then the embedded PostgreSQL" : ""} ...`);
    next.kill(signal);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  next.on("exit", (code, signal) => {
    void database.stop().catch(() => {}).then(() => {
      if (stopping) {
        step("stopped");
        process.exit(0);
      }
      step(`next dev exited (${code ?? signal}); stopped`);
      process.exit(code || 1);
    });
  });
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(`[dev] Room Booking cannot start. ${error.message}`);
  else console.error(`[dev] cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
