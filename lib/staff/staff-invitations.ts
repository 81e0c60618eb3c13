import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { hashStaffToken, isStaffTokenShape } from "./staff-token";

/** How long an invitation link works. */
export const INVITATION_HOURS = 72;
const HOUR_MS = 3_600_000;

export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_HOURS * HOUR_MS);
}

/** The one answer to every link that opens nothing: unknown, tampered, used, revoked, replaced or expired alike. */
export const INVALID_INVITATION = "This invitation link is no longer valid: ask the person who invited you for a new one.";

/** An invitation that has been neither accepted nor revoked (or replaced); it may have expired. */
export const UNANSWERED: Prisma.StaffInvitationWhereInput = { acceptedAt: null, revokedAt: null };

/** Whether an invitation row can still be accepted at `now`. */
export function isOpenInvitation(invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): boolean {
  return invitation.acceptedAt === null && invitation.revokedAt === null && invitation.expiresAt > now;
}

export type OpenInvitation = {
  id: string;
  email: string;
  name: string;
  role: "admin" | "viewer";
  invitedByLabel: string;
  expiresAt: Date;
  property: { id: string; name: string; timezone: string };
  /** The e-mail already has an account: accepting asks for its password, never sets one. */
  hasAccount: boolean;
};

/**
 * The invitation a link's token opens, while it can be accepted; null for anything else, with
 * no difference between an unknown, tampered, used, revoked, replaced or expired token.
 */
export async function findOpenInvitation(db: Db, token: unknown, now: Date): Promise<OpenInvitation | null> {
  if (!isStaffTokenShape(token)) return null;
  const invitation = await db.staffInvitation.findUnique({
    where: { tokenHash: hashStaffToken(token) },
    include: { property: { select: { id: true, name: true, timezone: true } } },
  });
  if (!invitation || !isOpenInvitation(invitation, now)) return null;
  const account = await db.staffUser.findUnique({ where: { email: invitation.email }, select: { id: true } });
  const { id, email, name, role, invitedByLabel, expiresAt, property } = invitation;
  return { id, email, name, role, invitedByLabel, expiresAt, property, hasAccount: account !== null };
}
