import type { Db } from "@/lib/db";

export type ApiKeyStatus = "active" | "rotated" | "revoked";

/** A property's keys, newest first, with their status. Never the values (they are not stored). */
export async function listApiKeys(db: Db, propertyId: string) {
  const keys = await db.apiKey.findMany({
    where: { propertyId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, label: true, scope: true, hint: true, createdAt: true, lastUsedAt: true, revokedAt: true, replacedById: true },
  });
  return keys.map((key) => ({
    ...key,
    status: (key.revokedAt ? (key.replacedById ? "rotated" : "revoked") : "active") as ApiKeyStatus,
  }));
}
