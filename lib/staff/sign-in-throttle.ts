import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";

/**
 * Failed staff sign-ins (a wrong password, a wrong code) are limited per account (the e-mail as
 * typed, known or not) and per client address, over a sliding window. Over either limit no
 * password or code is checked at all, the right one included, until the window has moved on.
 * The failures are rows in PostgreSQL, the panel's own store: the limit cannot fail open while
 * Redis is away, and every app instance counts the same rows. A success clears the account's
 * failures. The attempts on one account run one at a time (an advisory lock on its e-mail), so
 * parallel guesses cannot slip past the count.
 */
export const SIGN_IN_THROTTLE = { perAccount: 5, perAddress: 30, windowSeconds: 900 } as const;

/** How long failures are kept (the window's count needs only its own; the rest is history). */
const KEEP_FAILURES = "1 day";

export type ThrottleKey = { email: string; clientAddress: string; now: Date };

export type Throttled<T> = { throttled: true; retryAfterSeconds: number } | { throttled: false; result: T };

/** What an attempt came to: a failure (counted), a success (the account's count cleared), or neither (a step that decided nothing yet). */
export type AttemptOutcome = "failed" | "succeeded" | "undecided";

type WindowFailures = { accountFailures: number; accountWait: number; addressWait: number };

/**
 * The failures in the window, in one read: the account's count, and the seconds until the
 * account's and the address's limit-th most recent failure leaves the window (0 when fewer than
 * their limit are in it).
 */
async function windowFailures(tx: Prisma.TransactionClient, email: string, address: string, now: Date): Promise<WindowFailures> {
  const windowMs = SIGN_IN_THROTTLE.windowSeconds * 1000;
  const [row] = await tx.$queryRaw<{ account_failures: number; account_at: Date | null; address_at: Date | null }[]>`
    SELECT count(*) FILTER (WHERE email = ${email})::int AS account_failures,
           (array_agg(at ORDER BY at DESC) FILTER (WHERE email = ${email}))[${SIGN_IN_THROTTLE.perAccount}::int] AS account_at,
           (array_agg(at ORDER BY at DESC) FILTER (WHERE ip_address = ${address}))[${SIGN_IN_THROTTLE.perAddress}::int] AS address_at
    FROM staff_sign_in_failures
    WHERE (email = ${email} OR ip_address = ${address}) AND at > ${new Date(now.getTime() - windowMs)}`;
  const waitUntilLeaves = (at: Date | null) => (at ? Math.max(1, Math.ceil((at.getTime() + windowMs - now.getTime()) / 1000)) : 0);
  return { accountFailures: row!.account_failures, accountWait: waitUntilLeaves(row!.account_at), addressWait: waitUntilLeaves(row!.address_at) };
}

/**
 * Runs one sign-in attempt under the limits: refused with the wait when the account or the
 * address is over its limit; else `attempt` runs (in the transaction, under the account's lock)
 * and says how it came out. A failure is counted; the one that reaches the account's limit is
 * audited on each of the account's properties (sign_in_throttled: when, from where, until when).
 * A success clears the account's count.
 */
export async function throttledSignIn<T>(
  db: Db,
  key: ThrottleKey,
  attempt: (tx: Prisma.TransactionClient) => Promise<{ outcome: AttemptOutcome; result: T }>,
): Promise<Throttled<T>> {
  const address = key.clientAddress.slice(0, 64);
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sign-in:${key.email}`}, 0))`;
      const before = await windowFailures(tx, key.email, address, key.now);
      const wait = Math.max(before.accountWait, before.addressWait);
      if (wait > 0) return { throttled: true as const, retryAfterSeconds: wait };
      const { outcome, result } = await attempt(tx);
      if (outcome === "failed") await recordFailure(tx, { ...key, clientAddress: address });
      if (outcome === "succeeded") await tx.staffSignInFailure.deleteMany({ where: { email: key.email } });
      return { throttled: false as const, result };
    },
    { timeout: 15_000 },
  );
}

async function recordFailure(tx: Prisma.TransactionClient, key: ThrottleKey): Promise<void> {
  await tx.$executeRaw`DELETE FROM staff_sign_in_failures WHERE (email = ${key.email} OR ip_address = ${key.clientAddress}) AND at < ${key.now}::timestamptz - ${KEEP_FAILURES}::interval`;
  await tx.staffSignInFailure.create({ data: { email: key.email, ipAddress: key.clientAddress, at: key.now } });
  const { accountFailures, accountWait, addressWait } = await windowFailures(tx, key.email, key.clientAddress, key.now);
  if (addressWait > 0) log.warn({ clientAddress: key.clientAddress, retryAfterSeconds: addressWait }, "staff sign-in: too many failed attempts from one address");
  // Only the failure that starts the wait is audited (the ones after it are refused before any check).
  if (accountFailures !== SIGN_IN_THROTTLE.perAccount) return;
  const account = await tx.staffUser.findUnique({ where: { email: key.email }, select: { id: true, memberships: { select: { propertyId: true } } } });
  for (const { propertyId } of account?.memberships ?? []) {
    await recordAuditEvent(tx, {
      propertyId,
      action: "sign_in_throttled",
      actor: { label: key.email },
      details: { staffUserId: account!.id, email: key.email, clientAddress: key.clientAddress, failures: SIGN_IN_THROTTLE.perAccount, until: new Date(key.now.getTime() + accountWait * 1000).toISOString() },
    });
  }
}

/** The message a refused attempt shows: what happened and how long to wait. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
