import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/job-queue/enqueue-job";
import { lockedTeamMember } from "./change-staff-role";

/**
 * An admin resets a team member's second factor (a lost phone, a lost security key). Invariants:
 * - only a member of the admin's property (another's staff is "not found"), never the admin
 *   themselves (their own is on Account › Sign-in security);
 * - everything that was a second factor goes, in one transaction: passkeys, the codes' secret,
 *   recovery codes, second steps waiting; every session of the member ends;
 * - audited (second_factor_reset, on this property), and the member is e-mailed a notice (queued
 *   in the same transaction, sent by the worker like every staff e-mail).
 * If their team requires two-step sign-in, their next sign-in (with the password) leads them to
 * set one up again.
 */
export async function resetSecondFactor(
  db: Db,
  input: { propertyId: string; staffUserId: string; actor: Actor; now?: Date },
): Promise<{ email: string; displayName: string; passkeys: number; codes: boolean; endedSessions: number }> {
  if (input.actor.staffId === input.staffUserId) throw new DomainError("invalid_argument", "Reset your own two-step sign-in under Account › Sign-in security.");
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    const member = await lockedTeamMember(tx, input.propertyId, input.staffUserId);
    const user = await tx.staffUser.findUniqueOrThrow({ where: { id: member.id }, select: { totpSecret: true } });
    const passkeys = await tx.staffPasskey.deleteMany({ where: { staffUserId: member.id } });
    await tx.staffRecoveryCode.deleteMany({ where: { staffUserId: member.id } });
    await tx.staffPendingSignIn.deleteMany({ where: { staffUserId: member.id } });
    await tx.staffUser.update({ where: { id: member.id }, data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null } });
    const sessions = await tx.staffSession.deleteMany({ where: { staffUserId: member.id } });
    const emailId = newId("sml");
    await tx.staffEmail.create({
      data: { id: emailId, kind: "second_factor_reset", staffUserId: member.id, propertyId: input.propertyId, noticeBy: input.actor.label, recipient: member.email, nextAttemptAt: now, createdAt: now },
    });
    await enqueueJob(tx, "send-staff-email", { emailId }, { key: `send-staff-email:${emailId}` });
    const codes = user.totpSecret !== null;
    await recordAuditEvent(tx, {
      propertyId: input.propertyId,
      action: "second_factor_reset",
      actor: input.actor,
      details: { staffUserId: member.id, email: member.email, name: member.name, passkeys: passkeys.count, codes, endedSessions: sessions.count, emailId },
    });
    return { email: member.email, displayName: member.displayName, passkeys: passkeys.count, codes, endedSessions: sessions.count };
  });
}
