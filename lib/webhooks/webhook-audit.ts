import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { AuditAction, Prisma } from "@/lib/generated/prisma/client";

/** Records who changed a webhook endpoint and how (never its secret). */
export async function auditWebhookChange(
  tx: Prisma.TransactionClient,
  change: { propertyId: string; action: AuditAction; actor: Actor; endpoint: { id: string; url: string }; details?: Record<string, string> },
): Promise<void> {
  await recordAuditEvent(tx, {
    propertyId: change.propertyId,
    action: change.action,
    actor: change.actor,
    details: { endpointId: change.endpoint.id, url: change.endpoint.url, ...change.details },
  });
}
