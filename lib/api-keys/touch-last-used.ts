import type { Db } from "@/lib/db";

const TOUCH_EVERY_MS = 60_000;
const touchedAt = new Map<string, number>();

/**
 * Records that a key was used, at most once a minute per key: once per process by memory,
 * and once across processes by the WHERE clause. In the background, never on the request's
 * path: a failure goes to `onError`. Nothing at all (not even a promise) the rest of the minute.
 */
export function touchLastUsed(db: Db, keyId: string, onError: (error: unknown, keyId: string) => void, now = Date.now()): void {
  const last = touchedAt.get(keyId);
  if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
  touchedAt.set(keyId, now);
  if (touchedAt.size > 10_000) touchedAt.clear();
  db.$executeRaw`
    UPDATE api_keys SET last_used_at = now()
    WHERE id = ${keyId} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.catch((error: unknown) => onError(error, keyId));
}
