import type { Db } from "@/lib/db";

export type ApiKeyStatus = "active" | "rotated" | "revoked";

/** A property's keys, newest first, with their status, and whether it is the booking engine's (rotated with the engine). Never the values. */
export async function listApiKeys(db: Db, propertyId: string) {
  const keys = await db.apiKey.findMany({
    where: { propertyId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, label: true, scope: true, hint: true, createdAt: true, lastUsedAt: true, revokedAt: true, replacedById: true, bookingEngine: { select: { propertyId: true } } },
  });
  return keys.map(({ bookingEngine, ...key }) => ({
    ...key,
    engine: bookingEngine !== null,
    status: (key.revokedAt ? (key.replacedById ? "rotated" : "revoked") : "active") as ApiKeyStatus,
  }));
}
