import type { Db } from "@/lib/db";
import type { RateLimiter, RateLimitPolicy } from "@/lib/rate-limit/types";
import { emailProblem, normaliseEmail } from "./create-staff-user";
import { hashPassword, verifyPassword } from "./password";
import { createStaffSession, sessionClientOf } from "./staff-sessions";

/**
 * Repeated failures are limited per client address and per account (e-mail), over 15 minutes.
 * These limits must not fail open: the app checks them with getRateLimiterWithLocalFallback().
 */
export const SIGN_IN_POLICIES = {
  perAddress: { name: "sign-in-address", limit: 30, windowSeconds: 900 },
  perAccount: { name: "sign-in-account", limit: 10, windowSeconds: 900 },
} satisfies Record<string, RateLimitPolicy>;

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; staffUserId: string }
  | { ok: false; reason: "invalid_credentials" }
  | { ok: false; reason: "too_many_attempts"; retryAfterSeconds: number };

let dummyHash: Promise<string> | undefined;

/**
 * Checks an e-mail and password and opens a session. A wrong e-mail and a wrong password give
 * the same answer, in about the same time (an unknown e-mail still costs one scrypt). Every
 * attempt counts against the address's and the account's limits; over either, no password
 * is checked at all.
 */
export async function signIn(
  db: Db,
  limiter: RateLimiter,
  input: { email: string; password: string; clientAddress: string; userAgent?: string | null; now?: Date },
): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const [byAddress, byAccount] = await Promise.all([
    limiter.check(`sign-in:address:${input.clientAddress}`, SIGN_IN_POLICIES.perAddress),
    limiter.check(`sign-in:account:${email}`, SIGN_IN_POLICIES.perAccount),
  ]);
  if (!byAddress.allowed || !byAccount.allowed) {
    const retryAfterSeconds = Math.max(byAddress.retryAfterSeconds ?? 0, byAccount.retryAfterSeconds ?? 0, 1);
    return { ok: false, reason: "too_many_attempts", retryAfterSeconds };
  }
  // Nothing that cannot be an address reaches the query (a NUL would fail it); it is simply no account.
  const user = emailProblem(email) === undefined ? await db.staffUser.findUnique({ where: { email } }) : null;
  dummyHash ??= hashPassword("a password nobody has, for timing");
  const valid = await verifyPassword(input.password.slice(0, 200), user?.passwordHash ?? (await dummyHash));
  if (!user || !valid) return { ok: false, reason: "invalid_credentials" };
  const session = await createStaffSession(db, user.id, input.now, sessionClientOf(input));
  return { ok: true, ...session, staffUserId: user.id };
}
