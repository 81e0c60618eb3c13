import { resolve } from "node:path";

/**
 * Where local runs keep what they make between starts (the embedded PostgreSQL clusters, the
 * demo credentials of npm run dev, the development mailbox): ROOM_BOOKING_DATA_DIR, else
 * `.data` in the project (`root`: the project's folder; the server runs from it). A test that
 * runs npm run dev points it at a throw-away folder, so it never touches a developer's.
 */
export function localDataDir(root: string = process.cwd()): string {
  const fromEnv = process.env.ROOM_BOOKING_DATA_DIR?.trim();
  return fromEnv ? resolve(fromEnv) : resolve(root, ".data");
}
