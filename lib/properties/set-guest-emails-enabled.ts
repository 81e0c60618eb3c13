import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";

/** Turns the hotel's e-mails to guests (confirmation, cancellation) on or off; audited. */
export async function setGuestEmailsEnabled(db: Db, input: { propertyId: string; enabled: boolean; actor: Actor }): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await tx.property.findUniqueOrThrow({ where: { id: input.propertyId }, select: { guestEmailsEnabled: true } });
    if (before.guestEmailsEnabled === input.enabled) return;
    await tx.property.update({ where: { id: input.propertyId }, data: { guestEmailsEnabled: input.enabled } });
    await recordAuditEvent(tx, { propertyId: input.propertyId, action: "guest_emails_switched", actor: input.actor, details: { enabled: input.enabled } });
  });
}
