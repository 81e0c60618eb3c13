import type { Db } from "@/lib/db";
import type { AuditAction } from "@/lib/generated/prisma/client";

/** A property's most recent audit rows of the given actions, newest first (a page's own history). */
export async function listAuditEvents(db: Db, input: { propertyId: string; actions: readonly AuditAction[]; take?: number }) {
  return db.auditEvent.findMany({
    where: { propertyId: input.propertyId, action: { in: [...input.actions] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.take ?? 50,
    select: { id: true, action: true, actorLabel: true, details: true, createdAt: true },
  });
}

export type AuditEventRow = Awaited<ReturnType<typeof listAuditEvents>>[number];
