import type { AuditAction, Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { Actor } from "./actor";

export type AuditEntry = {
  propertyId: string;
  action: AuditAction;
  actor: Actor;
  /** The key the change is about (API key events). */
  apiKeyId?: string;
  /** What changed, as plain JSON (never a secret). */
  details: Prisma.InputJsonObject;
};

/** Writes one audit row: call it inside the transaction that makes the change, so neither exists without the other. */
export async function recordAuditEvent(tx: Prisma.TransactionClient, entry: AuditEntry): Promise<void> {
  await tx.auditEvent.create({
    data: {
      id: newId("aud"),
      propertyId: entry.propertyId,
      action: entry.action,
      apiKeyId: entry.apiKeyId ?? null,
      actorId: entry.actor.staffId ?? null,
      actorLabel: entry.actor.label,
      details: entry.details,
    },
  });
}
