import type { Db } from "@/lib/db";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { throttledSignIn } from "./sign-in-throttle";
import { createStaffSession, type SessionClient } from "./staff-sessions";
import { hashStaffToken, isStaffTokenShape } from "./staff-token";
import { useSecondFactorCode } from "./two-step-codes";

export type SecondStepResult =
  | { ok: true; token: string; expiresAt: Date; staffUserId: string }
  /** The password or the code was wrong (never which), or the step had expired: sign in again. */
  | { ok: false; reason: "invalid_credentials" | "expired" }
  | { ok: false; reason: "too_many_attempts"; retryAfterSeconds: number };

/** What the code page may show of a waiting second step: whether codes are on for it (else only a passkey opens it). */
export async function findSecondStep(db: Db, token: unknown, now = new Date()): Promise<{ codes: boolean } | null> {
  if (!isStaffTokenShape(token)) return null;
  const pending = await db.staffPendingSignIn.findUnique({ where: { tokenHash: hashStaffToken(token) }, include: { staffUser: { select: { totpSecret: true } } } });
  return pending && pending.expiresAt > now ? { codes: pending.staffUser.totpSecret !== null } : null;
}

/**
 * The second step of a password sign-in: a code from the member's app, or a recovery code.
 * Invariants: the step works once (whatever the code, it is used up: a wrong code means signing
 * in again) and within SECOND_STEP_MINUTES; the answer to a wrong password and to a wrong code
 * is the same; a wrong code after the right password counts as a failed sign-in (throttled with
 * the password's failures); a code is used only when the password was right.
 */
export async function completeSecondStep(
  db: Db,
  input: { pendingToken: unknown; code: string; clientAddress: string; client?: SessionClient; box: SecretBox; now?: Date },
): Promise<SecondStepResult> {
  const now = input.now ?? new Date();
  if (!isStaffTokenShape(input.pendingToken)) return { ok: false, reason: "expired" };
  const tokenHash = hashStaffToken(input.pendingToken);
  const pending = await db.staffPendingSignIn.findUnique({ where: { tokenHash }, include: { staffUser: { select: { email: true } } } });
  if (!pending || pending.expiresAt <= now) return { ok: false, reason: "expired" };
  const attempt = await throttledSignIn(db, { email: pending.staffUser.email, clientAddress: input.clientAddress, now }, async (tx) => {
    const used = await tx.staffPendingSignIn.deleteMany({ where: { tokenHash, expiresAt: { gt: now } } });
    if (used.count !== 1) return { outcome: "undecided" as const, result: "expired" as const };
    // A wrong password was counted at the first step already.
    if (!pending.passwordOk) return { outcome: "undecided" as const, result: "invalid" as const };
    const codeOk = await useSecondFactorCode(tx, { staffUserId: pending.staffUserId, code: input.code, box: input.box, now });
    return codeOk ? { outcome: "succeeded" as const, result: "ok" as const } : { outcome: "failed" as const, result: "invalid" as const };
  });
  if (attempt.throttled) return { ok: false, reason: "too_many_attempts", retryAfterSeconds: attempt.retryAfterSeconds };
  if (attempt.result === "expired") return { ok: false, reason: "expired" };
  if (attempt.result === "invalid") return { ok: false, reason: "invalid_credentials" };
  const session = await createStaffSession(db, pending.staffUserId, now, input.client);
  return { ok: true, ...session, staffUserId: pending.staffUserId };
}
