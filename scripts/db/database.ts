import { embeddedDataDir, ensureDatabase, startEmbeddedPostgres } from "./embedded-postgres";

/** dataDir: the embedded cluster's folder (none with DATABASE_URL). */
export type ResolvedDatabase = { url: string; embedded: boolean; dataDir?: string; stop: () => Promise<void> };

export const DEV_DATABASE_NAME = "room_booking";
export const DEV_EMBEDDED_PORT = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);

/**
 * The database of the app's commands (dev, admin CLI, db:*): DATABASE_URL when it is set,
 * else the embedded development cluster in .data/postgres (started here, or joined if
 * `npm run dev` is already running it).
 */
export async function resolveDatabase(log: (line: string) => void = (line) => console.error(line)): Promise<ResolvedDatabase> {
  const fromEnv = process.env.DATABASE_URL?.trim();
  if (fromEnv) return { url: fromEnv, embedded: false, stop: async () => {} };
  const dataDir = embeddedDataDir("postgres");
  const server = await startEmbeddedPostgres({ dataDir, preferredPort: DEV_EMBEDDED_PORT, log });
  await ensureDatabase(server.url("postgres"), DEV_DATABASE_NAME);
  return { url: server.url(DEV_DATABASE_NAME), embedded: true, dataDir, stop: server.stop };
}

/** Runs `fn` with the resolved database, stopping an embedded server this call started. */
export async function withDatabase<T>(fn: (database: ResolvedDatabase) => Promise<T>): Promise<T> {
  const database = await resolveDatabase();
  try {
    return await fn(database);
  } finally {
    await database.stop();
  }
}
