import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dropUnsentStaffEmails, queueStaffEmail } from "./queue-staff-email";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { lockUnansweredInvitation } from "./invite-staff-member";
import { invitationExpiry } from "./staff-invitations";
import { newStaffToken } from "./staff-token";

type InvitationRef = { propertyId: string; invitationId: string; actor: Actor; clock?: Clock };

function auditInvitation(
  tx: Prisma.TransactionClient,
  action: "staff_invitation_resent" | "staff_invitation_revoked",
  input: InvitationRef,
  invitation: { id: string; email: string; role: string },
) {
  return recordAuditEvent(tx, { propertyId: input.propertyId, action, actor: input.actor, details: { invitationId: invitation.id, email: invitation.email, role: invitation.role } });
}

/**
 * Sends an unanswered invitation again, with a new link valid 72 hours from now (an expired one
 * too): the old link stops working at once (its hash is replaced) and its unsent e-mail is
 * dropped. Another property's invitation, or one accepted or revoked, is "not found". Audited.
 */
export async function resendInvitation(db: Db, input: InvitationRef & { linkBox: SecretBox }): Promise<{ email: string }> {
  const now = (input.clock ?? systemClock).now();
  return db.$transaction(async (tx) => {
    const invitation = await lockUnansweredInvitation(tx, input.propertyId, input.invitationId);
    const link = { kind: "invitation", invitationId: invitation.id } as const;
    await dropUnsentStaffEmails(tx, link, "replaced by a newer link");
    const { token, hash } = newStaffToken();
    await tx.staffInvitation.update({ where: { id: invitation.id }, data: { tokenHash: hash, expiresAt: invitationExpiry(now) } });
    await queueStaffEmail(tx, { link, recipient: invitation.email, token, linkBox: input.linkBox, now });
    await auditInvitation(tx, "staff_invitation_resent", input, invitation);
    return { email: invitation.email };
  });
}

/** Revokes an unanswered invitation: its link stops working and its unsent e-mail is dropped. Audited. */
export async function revokeInvitation(db: Db, input: InvitationRef): Promise<{ email: string }> {
  const now = (input.clock ?? systemClock).now();
  return db.$transaction(async (tx) => {
    const invitation = await lockUnansweredInvitation(tx, input.propertyId, input.invitationId);
    await tx.staffInvitation.update({ where: { id: invitation.id }, data: { revokedAt: now } });
    await dropUnsentStaffEmails(tx, { kind: "invitation", invitationId: invitation.id }, "the invitation was revoked");
    await auditInvitation(tx, "staff_invitation_revoked", input, invitation);
    return { email: invitation.email };
  });
}
