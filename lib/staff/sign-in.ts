import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { emailProblem, normaliseEmail } from "./create-staff-user";
import { hashPassword, verifyPassword } from "./password";
import { hasSecondFactor, SECOND_FACTORS_SELECT } from "./second-factors";
import { throttledSignIn } from "./sign-in-throttle";
import { createStaffSession, sessionClientOf } from "./staff-sessions";
import { newStaffToken } from "./staff-token";

/** How long the second step (the code page) waits after the password. */
export const SECOND_STEP_MINUTES = 5;

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; staffUserId: string }
  /** The account has a second factor: the code page (or a passkey) comes next, with this token. */
  | { ok: false; reason: "second_step"; pendingToken: string; expiresAt: Date }
  | { ok: false; reason: "invalid_credentials" }
  | { ok: false; reason: "too_many_attempts"; retryAfterSeconds: number };

/** What the password step came to, inside its transaction. */
type PasswordStep = { kind: "invalid" } | { kind: "signed_in"; staffUserId: string } | { kind: "second_step"; token: string; expiresAt: Date };

let dummyHash: Promise<string> | undefined;

/**
 * Checks an e-mail and password. Invariants:
 * - a wrong e-mail and a wrong password give the same answer, in about the same time (an
 *   unknown e-mail still costs one scrypt);
 * - failures are throttled per account and per address (sign-in-throttle.ts): over either
 *   limit no password is checked at all;
 * - a password alone opens a session only for an account without a second factor. An account
 *   with one (codes, or a passkey) goes on to the second step whether the password was right
 *   or not, and learns which only with the code (second-step-sign-in.ts): the code page never
 *   tells a guesser that they found the password.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; clientAddress: string; userAgent?: string | null; now?: Date },
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const now = input.now ?? new Date();
  const dummy = (dummyHash ??= hashPassword("a password nobody has, for timing"));
  const attempt = await throttledSignIn<PasswordStep>(db, { email, clientAddress: input.clientAddress, now }, async (tx) => {
    // Nothing that cannot be an address reaches the query (a NUL would fail it); it is simply no account.
    const user =
      emailProblem(email) === undefined
        ? await tx.staffUser.findUnique({ where: { email }, select: { id: true, passwordHash: true, ...SECOND_FACTORS_SELECT } })
        : null;
    const valid = await verifyPassword(input.password.slice(0, 200), user?.passwordHash ?? (await dummy));
    if (user && hasSecondFactor(user)) {
      const pending = await startSecondStep(tx, { staffUserId: user.id, passwordOk: valid, now });
      return { outcome: valid ? "undecided" : "failed", result: { kind: "second_step", ...pending } };
    }
    if (!user || !valid) return { outcome: "failed", result: { kind: "invalid" } };
    return { outcome: "succeeded", result: { kind: "signed_in", staffUserId: user.id } };
  });
  if (attempt.throttled) return { ok: false, reason: "too_many_attempts", retryAfterSeconds: attempt.retryAfterSeconds };
  const { result } = attempt;
  if (result.kind === "invalid") return { ok: false, reason: "invalid_credentials" };
  if (result.kind === "second_step") return { ok: false, reason: "second_step", pendingToken: result.token, expiresAt: result.expiresAt };
  const session = await createStaffSession(db, result.staffUserId, now, sessionClientOf(input));
  return { ok: true, ...session, staffUserId: result.staffUserId };
}

/** A password step waiting for its second factor: its token for the browser (a cookie), its SHA-256 kept. */
async function startSecondStep(tx: Prisma.TransactionClient, input: { staffUserId: string; passwordOk: boolean; now: Date }): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newStaffToken();
  const expiresAt = new Date(input.now.getTime() + SECOND_STEP_MINUTES * 60_000);
  await tx.staffPendingSignIn.deleteMany({ where: { staffUserId: input.staffUserId, expiresAt: { lt: input.now } } });
  await tx.staffPendingSignIn.create({ data: { id: newId("psi"), tokenHash: hash, staffUserId: input.staffUserId, passwordOk: input.passwordOk, expiresAt, createdAt: input.now } });
  return { token, expiresAt };
}
