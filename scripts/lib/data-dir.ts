import { resolve } from "node:path";

const projectRoot = resolve(import.meta.dirname, "..", "..");

/** The default home of local state: .data in the project, which git ignores. */
export const DEFAULT_DATA_DIR = resolve(projectRoot, ".data");

/**
 * Where local runs keep what they make between starts (the embedded PostgreSQL clusters, the
 * demo credentials of npm run dev): ROOM_BOOKING_DATA_DIR, else .data in the project. A test
 * that runs npm run dev points it at a throw-away folder, so it never touches a developer's.
 */
export function localDataDir(): string {
  const fromEnv = process.env.ROOM_BOOKING_DATA_DIR?.trim();
  return fromEnv ? resolve(fromEnv) : DEFAULT_DATA_DIR;
}
