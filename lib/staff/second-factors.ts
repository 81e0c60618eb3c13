import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A member's second factors: two-step codes (a confirmed TOTP secret) and passkeys. An account
 * with either is never opened by a password alone (sign-in.ts), nor by a reset link or an
 * invitation (reset-password.ts, accept-invitation.ts).
 */
export const SECOND_FACTORS_SELECT = { totpSecret: true, _count: { select: { passkeys: true } } } as const;

export type SecondFactorsRow = { totpSecret: string | null; _count: { passkeys: number } };

export function hasSecondFactor(row: SecondFactorsRow): boolean {
  return row.totpSecret !== null || row._count.passkeys > 0;
}

/** Whether the account has a second factor now (read in the caller's transaction). */
export async function accountHasSecondFactor(tx: Prisma.TransactionClient, staffUserId: string): Promise<boolean> {
  return hasSecondFactor(await tx.staffUser.findUniqueOrThrow({ where: { id: staffUserId }, select: SECOND_FACTORS_SELECT }));
}
