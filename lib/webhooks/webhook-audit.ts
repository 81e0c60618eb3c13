import type { Actor } from "@/lib/audit/actor";
import type { AuditAction, Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

/** Records who changed a webhook endpoint and how (never its secret). */
export async function auditWebhookChange(
  tx: Prisma.TransactionClient,
  change: { propertyId: string; action: AuditAction; actor: Actor; endpoint: { id: string; url: string }; details?: Record<string, string> },
): Promise<void> {
  await tx.auditEvent.create({
    data: {
      id: newId("aud"),
      propertyId: change.propertyId,
      action: change.action,
      actorId: change.actor.staffId ?? null,
      actorLabel: change.actor.label,
      details: { endpointId: change.endpoint.id, url: change.endpoint.url, ...change.details },
    },
  });
}
