import type { Db } from "@/lib/db";
import type { StaffRole } from "./create-staff-user";
import { UNANSWERED } from "./staff-invitations";
import { staffDisplayName } from "./staff-name";
import { SECOND_FACTORS_SELECT } from "./second-factors";

/** `passkeys`, `codes`: their second factors (Settings › Team shows them, and admins reset them). */
export type TeamMember = { staffUserId: string; email: string; name: string; displayName: string; role: StaffRole; since: Date; passkeys: number; codes: boolean };

/** The latest e-mail of an invitation: sent, waiting (after a failed attempt, with why), or not sent (with why). */
export type InvitationEmailState = { status: "pending" | "succeeded" | "failed"; sentAt: Date | null; lastError: string | null; nextAttemptAt: Date | null };

export type PendingInvitation = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  invitedByLabel: string;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
  lastEmail: InvitationEmailState | null;
};

/** The property's team (admins first, then by name or e-mail) and its unanswered invitations (newest first). */
export async function listTeam(db: Db, input: { propertyId: string; now: Date }): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const [memberships, invitations] = await Promise.all([
    db.membership.findMany({ where: { propertyId: input.propertyId }, include: { staffUser: { select: { id: true, email: true, name: true, ...SECOND_FACTORS_SELECT } } } }),
    db.staffInvitation.findMany({
      where: { propertyId: input.propertyId, ...UNANSWERED },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      include: { emails: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, select: { status: true, sentAt: true, lastError: true, nextAttemptAt: true } } },
    }),
  ]);
  const members = memberships
    .map((m) => ({ staffUserId: m.staffUser.id, email: m.staffUser.email, name: m.staffUser.name, displayName: staffDisplayName(m.staffUser), role: m.role, since: m.createdAt, passkeys: m.staffUser._count.passkeys, codes: m.staffUser.totpSecret !== null }))
    .sort((a, b) => (a.role === b.role ? a.displayName.localeCompare(b.displayName) : a.role === "admin" ? -1 : 1));
  return {
    members,
    invitations: invitations.map(({ emails, ...invitation }) => ({
      id: invitation.id,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      invitedByLabel: invitation.invitedByLabel,
      createdAt: invitation.createdAt,
      expiresAt: invitation.expiresAt,
      expired: invitation.expiresAt <= input.now,
      lastEmail: emails[0] ?? null,
    })),
  };
}
