import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";

export type Db = PrismaClient;

/** Where a client keeps its pool: a registered symbol, so every bundled copy of this module finds it. */
const POOL = Symbol.for("room-booking.pg-pool");

/**
 * A Prisma client over node-postgres for one database URL. Its pg pool is shared with the hot
 * paths (poolOf): the key lookup, the availability search and the booking statement run on it
 * directly, one round trip each, without Prisma's per-query work; everything else uses Prisma.
 */
export function createDb(databaseUrl: string, options: { maxConnections?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle connection that breaks (a database restart) must not crash the process.
  pool.on("error", () => {});
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  Object.defineProperty(db, POOL, { value: pool });
  return db;
}

/** The pg pool under a client made by createDb. */
export function poolOf(db: Db): pg.Pool {
  const pool = (db as unknown as { [POOL]?: pg.Pool })[POOL];
  if (!pool) throw new Error("poolOf: this client was not made by createDb");
  return pool;
}

const globalForDb = globalThis as unknown as { roomBookingDb?: Db };

/** The app's one Prisma client (kept across hot reloads in development). */
export function getDb(): Db {
  if (!globalForDb.roomBookingDb) {
    const url = getEnv().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set (npm run dev sets it to the embedded database)");
    globalForDb.roomBookingDb = createDb(url);
  }
  return globalForDb.roomBookingDb;
}
