import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { DomainError, validationFailed, type FieldError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { dropUnsentStaffEmails } from "./queue-staff-email";
import { hashPassword, passwordProblem, verifyPassword } from "./password";
import { accountHasSecondFactor } from "./second-factors";
import { throttledSignIn, tooManyAttemptsMessage } from "./sign-in-throttle";
import { findOpenInvitation, INVALID_INVITATION, isOpenInvitation } from "./staff-invitations";
import { staffNameProblem } from "./staff-name";
import { createStaffSession, sessionClientOf } from "./staff-sessions";
import { hashStaffToken } from "./staff-token";

export type AcceptInvitationInput = {
  token: string;
  /** A new account's name (the invitation's, or what they typed); an existing account keeps its own. */
  name: string;
  /** A new account's password; an existing account's current password, which confirms it is theirs. */
  password: string;
  clientAddress: string;
  /** The browser's User-Agent, for the new session (Account › Sessions). */
  userAgent?: string | null;
  clock?: Clock;
};

/** `session`: the new session; null for an account with a second factor, which signs in as usual (a password alone does not open it). */
export type AcceptedInvitation = { session: { token: string; expiresAt: Date } | null; staffUserId: string; propertyId: string };

/** What is wrong with a new account's name and password, by field. */
function newAccountProblems(input: { name: string; password: string }): FieldError[] {
  const name = staffNameProblem(input.name);
  const password = passwordProblem(input.password);
  return [...(name ? [{ field: "name", message: name }] : []), ...(password ? [{ field: "password", message: `The ${password}.` }] : [])];
}

/**
 * Accepts an invitation from its link and opens a session. Invariants:
 * - the link works once, until it expires, and not after it was revoked or replaced: anything
 *   else is "not found" with one message (INVALID_INVITATION), whatever the reason;
 * - it joins the invitation's property with the invitation's role, and nothing else;
 * - a new e-mail gets an account with the name and password given (password rules apply);
 * - an e-mail that already has an account joins only after its current password is given, and
 *   keeps that password and its name: an invitation never changes an existing account; those
 *   attempts count against sign-in's limits, so the page cannot be used to guess passwords;
 *   an account with a second factor joins but is not signed in here (it signs in as usual);
 * - someone already on the team keeps their role;
 * - the invitation is re-checked under a row lock, so two accepts of one link make one member.
 */
export async function acceptInvitation(db: Db, input: AcceptInvitationInput): Promise<AcceptedInvitation> {
  const now = (input.clock ?? systemClock).now();
  const invitation = await findOpenInvitation(db, input.token, now);
  if (!invitation) throw new DomainError("not_found", INVALID_INVITATION);
  let passwordHash: string | undefined;
  if (invitation.hasAccount) {
    const checked = await throttledSignIn(db, { email: invitation.email, clientAddress: input.clientAddress, now }, async (tx) => {
      const account = await tx.staffUser.findUniqueOrThrow({ where: { email: invitation.email }, select: { passwordHash: true } });
      const valid = await verifyPassword(input.password.slice(0, 200), account.passwordHash);
      return { outcome: valid ? ("succeeded" as const) : ("failed" as const), result: valid };
    });
    if (checked.throttled) throw new DomainError("invalid_argument", tooManyAttemptsMessage(checked.retryAfterSeconds));
    if (!checked.result) throw validationFailed([{ field: "password", message: `That is not the password of ${invitation.email}.` }]);
  } else {
    const problems = newAccountProblems(input);
    if (problems.length) throw validationFailed(problems);
    passwordHash = await hashPassword(input.password);
  }

  const joined = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM staff_invitations WHERE id = ${invitation.id} FOR UPDATE`;
    const current = locked && (await tx.staffInvitation.findUnique({ where: { id: locked.id } }));
    if (!current || current.tokenHash !== hashStaffToken(input.token) || !isOpenInvitation(current, now)) {
      throw new DomainError("not_found", INVALID_INVITATION);
    }
    const user = passwordHash
      ? await tx.staffUser.create({ data: { id: newId("staff"), email: current.email, name: input.name.trim(), passwordHash } })
      : await tx.staffUser.findUniqueOrThrow({ where: { email: current.email } });
    const added = await tx.$executeRaw`
      INSERT INTO memberships (staff_user_id, property_id, role, created_at)
      VALUES (${user.id}, ${current.propertyId}, ${current.role}::"StaffRole", ${now})
      ON CONFLICT DO NOTHING`;
    await tx.staffInvitation.update({ where: { id: current.id }, data: { acceptedAt: now } });
    await dropUnsentStaffEmails(tx, { kind: "invitation", invitationId: current.id }, "the invitation was accepted");
    await recordAuditEvent(tx, {
      propertyId: current.propertyId,
      action: "staff_invitation_accepted",
      actor: { staffId: user.id, label: user.email },
      details: { invitationId: current.id, email: user.email, name: user.name, role: current.role, newAccount: Boolean(passwordHash), alreadyMember: added === 0 },
    });
    return { id: user.id, hasSecondFactor: await accountHasSecondFactor(tx, user.id) };
  }).catch((error: unknown) => {
    // An account made for this e-mail at the same moment (another invitation, the CLI): open the link again to join with it.
    if (isUniqueViolation(error)) throw new DomainError("conflict", "An account with this e-mail address was made a moment ago: open the link again and give its password.");
    throw error;
  });
  const session = joined.hasSecondFactor ? null : await createStaffSession(db, joined.id, now, sessionClientOf(input));
  return { session, staffUserId: joined.id, propertyId: invitation.property.id };
}
