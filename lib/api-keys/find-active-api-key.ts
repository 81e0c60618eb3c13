import type { Db } from "@/lib/db";
import { hashApiKey, isWellFormedApiKey } from "./key-format";

/** The active (not revoked) key with this value, with its property; null for anything else. */
export async function findActiveApiKey(db: Db, value: string) {
  if (!isWellFormedApiKey(value)) return null;
  const key = await db.apiKey.findUnique({ where: { hash: hashApiKey(value) }, include: { property: true } });
  return key && !key.revokedAt ? key : null;
}
