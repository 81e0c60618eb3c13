import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { DomainError, validationFailed, type FieldError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { dropUnsentStaffEmails, queueStaffEmail } from "./queue-staff-email";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { emailProblem, isStaffRole, normaliseEmail, type StaffRole } from "./create-staff-user";
import { invitationExpiry, UNANSWERED } from "./staff-invitations";
import { staffDisplayName, staffNameProblem } from "./staff-name";
import { newStaffToken } from "./staff-token";
import { lockTeam } from "./team-lock";

export type InviteStaffInput = {
  propertyId: string;
  email: string;
  /** Offered on the accept page, where the invitee may change it. */
  name?: string;
  role: StaffRole | string;
  actor: Actor;
  /** Seals the link's token in its e-mail's row until the e-mail is sent (staffLinkBox()). */
  linkBox: SecretBox;
  clock?: Clock;
};

/** What is wrong with an invitation's fields, by field (email, name, role). */
export function invitationProblems(input: { email: string; name?: string; role: string }): FieldError[] {
  const problems: FieldError[] = [];
  const email = emailProblem(input.email);
  if (email) problems.push({ field: "email", message: `${email}.` });
  const name = input.name ? staffNameProblem(input.name) : undefined;
  if (name) problems.push({ field: "name", message: name });
  if (!isStaffRole(input.role)) problems.push({ field: "role", message: "Choose admin or viewer." });
  return problems;
}

/** Who the invitation comes from, in words: the staff member's name (else e-mail), or the actor's label. */
async function inviterLabel(tx: Prisma.TransactionClient, actor: Actor): Promise<string> {
  const staff = actor.staffId ? await tx.staffUser.findUnique({ where: { id: actor.staffId }, select: { name: true, email: true } }) : null;
  return staff ? staffDisplayName(staff) : actor.label;
}

/**
 * Invites someone to the property's staff with a role: an invitation whose link (a random
 * token, only its SHA-256 kept) works once, for 72 hours, and its e-mail, queued in the same
 * transaction. Invariants:
 * - never to someone already on this property's team (change their role instead);
 * - at most one open invitation per e-mail and property: inviting again revokes the older one,
 *   whose link stops working and whose unsent e-mail is dropped (also enforced by a unique index);
 * - the token is never stored in plain text: its e-mail's row keeps it sealed until sent;
 * - audited (staff_invited), under the team's lock, like every team change.
 */
export async function inviteStaffMember(db: Db, input: InviteStaffInput): Promise<{ invitationId: string; email: string; replaced: boolean }> {
  const problems = invitationProblems(input);
  if (problems.length) throw validationFailed(problems);
  const email = normaliseEmail(input.email);
  const role = input.role as StaffRole;
  const name = input.name?.trim() ?? "";
  const now = (input.clock ?? systemClock).now();
  return db.$transaction(async (tx) => {
    await lockTeam(tx, input.propertyId);
    const member = await tx.membership.findFirst({ where: { propertyId: input.propertyId, staffUser: { email } }, select: { role: true } });
    if (member) throw validationFailed([{ field: "email", message: `${email} is already on this property's team (as ${member.role}): change their role instead.` }]);
    const older = await tx.staffInvitation.findMany({ where: { propertyId: input.propertyId, email, ...UNANSWERED }, select: { id: true } });
    for (const invitation of older) {
      await tx.staffInvitation.update({ where: { id: invitation.id }, data: { revokedAt: now } });
      await dropUnsentStaffEmails(tx, { kind: "invitation", invitationId: invitation.id }, "replaced by a newer invitation");
    }
    const id = newId("inv");
    const { token, hash } = newStaffToken();
    await tx.staffInvitation.create({
      data: {
        id,
        propertyId: input.propertyId,
        email,
        name,
        role,
        tokenHash: hash,
        invitedById: input.actor.staffId ?? null,
        invitedByLabel: await inviterLabel(tx, input.actor),
        expiresAt: invitationExpiry(now),
        createdAt: now,
      },
    });
    await queueStaffEmail(tx, { link: { kind: "invitation", invitationId: id }, recipient: email, token, linkBox: input.linkBox, now });
    await recordAuditEvent(tx, {
      propertyId: input.propertyId,
      action: "staff_invited",
      actor: input.actor,
      details: { invitationId: id, email, name, role, replaced: older.length > 0 },
    });
    return { invitationId: id, email, replaced: older.length > 0 };
  });
}

/** The open (unanswered) invitation of this property, locked with its team; another property's is "not found". */
export async function lockUnansweredInvitation(tx: Prisma.TransactionClient, propertyId: string, invitationId: string) {
  await lockTeam(tx, propertyId);
  const invitation = await tx.staffInvitation.findFirst({ where: { id: invitationId, propertyId, ...UNANSWERED } });
  if (!invitation) throw new DomainError("not_found", "No such invitation: it may have been accepted or revoked meanwhile.");
  return invitation;
}
