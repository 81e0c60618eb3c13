import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";

export type Db = PrismaClient;

/** A Prisma client over node-postgres for one database URL. */
export function createDb(databaseUrl: string, options: { maxConnections?: number } = {}): Db {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  return new PrismaClient({ adapter });
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
