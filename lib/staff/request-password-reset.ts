import { systemClock, type Clock } from "@/lib/clock";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { queueStaffEmail } from "./queue-staff-email";
import type { RateLimiter, RateLimitPolicy } from "@/lib/rate-limit/types";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { emailProblem, normaliseEmail } from "./create-staff-user";
import { newStaffToken } from "./staff-token";

/** How long a reset link works, in minutes and in words. */
export const PASSWORD_RESET_MINUTES = 60;
export const PASSWORD_RESET_VALIDITY = "one hour";

/**
 * Requests per client address (said so when exceeded, since it tells nothing of any account) and
 * per e-mail address (exceeded silently: the answer stays "if an account exists, a link was
 * sent", and no e-mail goes). These limits must not fail open: the app checks them with
 * getRateLimiterWithLocalFallback().
 */
export const PASSWORD_RESET_POLICIES = {
  perClient: { name: "password-reset-client", limit: 10, windowSeconds: 900 },
  perAddress: { name: "password-reset-address", limit: 3, windowSeconds: 3600 },
} satisfies Record<string, RateLimitPolicy>;

export type PasswordResetRequest = { ok: true } | { ok: false; reason: "too_many_requests"; retryAfterSeconds: number };

/**
 * "Forgot your password?": when the address has an account, a reset link (a random token, only
 * its SHA-256 kept, valid one hour, once) and its e-mail, queued in one transaction: never sent
 * inline, so the answer takes about as long whether or not the account exists. Invariants:
 * - the same answer for an address with an account and one without: only the client limit is
 *   ever told, and it counts every request alike;
 * - the address limit counts every address alike, known or not, and past it nothing is sent;
 * - a new link replaces the account's earlier unused ones (they stop working; their unsent
 *   e-mails go with them).
 */
export async function requestPasswordReset(
  db: Db,
  limiter: RateLimiter,
  input: { email: string; clientAddress: string; linkBox: SecretBox; clock?: Clock },
): Promise<PasswordResetRequest> {
  const email = normaliseEmail(input.email).slice(0, 254);
  const byClient = await limiter.check(`password-reset:client:${input.clientAddress}`, PASSWORD_RESET_POLICIES.perClient);
  if (!byClient.allowed) return { ok: false, reason: "too_many_requests", retryAfterSeconds: Math.max(byClient.retryAfterSeconds ?? 0, 1) };
  const byAddress = await limiter.check(`password-reset:address:${email}`, PASSWORD_RESET_POLICIES.perAddress);
  // Nothing that cannot be an address reaches the query (a NUL would fail it): it is simply no account.
  const user = emailProblem(email) === undefined ? await db.staffUser.findUnique({ where: { email }, select: { id: true, email: true } }) : null;
  if (!user || !byAddress.allowed) return { ok: true };
  const now = (input.clock ?? systemClock).now();
  await db.$transaction(async (tx) => {
    await tx.staffPasswordReset.deleteMany({ where: { staffUserId: user.id, usedAt: null } });
    const id = newId("pwr");
    const { token, hash } = newStaffToken();
    await tx.staffPasswordReset.create({
      data: { id, staffUserId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000), createdAt: now },
    });
    await queueStaffEmail(tx, { link: { kind: "password_reset", passwordResetId: id }, recipient: user.email, token, linkBox: input.linkBox, now });
  });
  return { ok: true };
}
