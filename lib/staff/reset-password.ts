import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { DomainError, validationFailed } from "@/lib/errors";
import { hashPassword, passwordProblem } from "./password";
import { accountHasSecondFactor } from "./second-factors";
import { createStaffSession, type SessionClient } from "./staff-sessions";
import { hashStaffToken, isStaffTokenShape } from "./staff-token";

/** The one answer to every reset link that opens nothing: unknown, altered, used, replaced or expired alike. */
export const INVALID_PASSWORD_RESET = "This password reset link is no longer valid: ask for a new one.";

/** Whether a reset row can still be used at `now`. */
export function isOpenPasswordReset(reset: { usedAt: Date | null; expiresAt: Date }, now: Date): boolean {
  return reset.usedAt === null && reset.expiresAt > now;
}

/** The account a reset link's token opens, while it can be used; null for anything else, whatever the reason. */
export async function findOpenPasswordReset(db: Db, token: unknown, now: Date): Promise<{ id: string; email: string } | null> {
  if (!isStaffTokenShape(token)) return null;
  const reset = await db.staffPasswordReset.findUnique({ where: { tokenHash: hashStaffToken(token) }, include: { staffUser: { select: { email: true } } } });
  return reset && isOpenPasswordReset(reset, now) ? { id: reset.id, email: reset.staffUser.email } : null;
}

/**
 * Sets a new password from a reset link, and signs in. Invariants:
 * - the link works once, until it expires (one hour); anything else is "not found" with one
 *   message (INVALID_PASSWORD_RESET), whatever the reason; it is re-checked under a row lock, so
 *   two uses of one link set one password;
 * - the password rules apply (a refused password leaves the link working);
 * - every session of the account ends, and every other reset link of it stops working, in the
 *   transaction that sets the password; then this browser gets a new session, unless the account
 *   has a second factor: a link from an e-mail is one factor, so that account signs in as usual
 *   (`session` null).
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string; client?: SessionClient; clock?: Clock },
): Promise<{ session: { token: string; expiresAt: Date } | null; staffUserId: string }> {
  const now = (input.clock ?? systemClock).now();
  const open = await findOpenPasswordReset(db, input.token, now);
  if (!open) throw new DomainError("not_found", INVALID_PASSWORD_RESET);
  const problem = passwordProblem(input.password);
  if (problem) throw validationFailed([{ field: "password", message: `The ${problem}.` }]);
  const passwordHash = await hashPassword(input.password);
  const staffUser = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM staff_password_resets WHERE id = ${open.id} FOR UPDATE`;
    const reset = locked && (await tx.staffPasswordReset.findUnique({ where: { id: locked.id } }));
    if (!reset || reset.tokenHash !== hashStaffToken(input.token) || !isOpenPasswordReset(reset, now)) {
      throw new DomainError("not_found", INVALID_PASSWORD_RESET);
    }
    await tx.staffUser.update({ where: { id: reset.staffUserId }, data: { passwordHash } });
    await tx.staffPasswordReset.updateMany({ where: { staffUserId: reset.staffUserId, usedAt: null }, data: { usedAt: now } });
    await tx.staffEmail.updateMany({
      where: { passwordReset: { staffUserId: reset.staffUserId }, status: "pending" },
      data: { status: "failed", sealedToken: null, nextAttemptAt: null, lastError: "not sent: the password was reset" },
    });
    await tx.staffSession.deleteMany({ where: { staffUserId: reset.staffUserId } });
    return { id: reset.staffUserId, hasSecondFactor: await accountHasSecondFactor(tx, reset.staffUserId) };
  });
  const session = staffUser.hasSecondFactor ? null : await createStaffSession(db, staffUser.id, now, input.client);
  return { session, staffUserId: staffUser.id };
}
