import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { SECOND_FACTORS_SELECT } from "./second-factors";

/**
 * A property may require two-step sign-in of its whole team (Settings › Team): every member must
 * have a second factor, a passkey or two-step codes. A member of such a property without one is
 * sent, at their next page, to Account › Sign-in security and reaches no other panel page (nor
 * action) until they have set one up (panel-session.ts: requireStaff). A member of several
 * properties is held to the strictest. Only a live property holds the setting (its test twin's
 * team is the same people).
 */

/** What a session knows of a member's second factors, and whether a property of theirs requires one. */
export type TwoStepStanding = { hasSecondFactor: boolean; required: boolean };

/** Whether the member must set up a second factor before anything else. */
export function mustSetUpSecondFactor(standing: TwoStepStanding): boolean {
  return standing.required && !standing.hasSecondFactor;
}

/** The member's second factors, as one count (passkeys, and codes when on). */
async function secondFactors(tx: Prisma.TransactionClient, staffUserId: string): Promise<{ passkeys: number; codes: boolean; required: boolean }> {
  const user = await tx.staffUser.findUniqueOrThrow({
    where: { id: staffUserId },
    select: { ...SECOND_FACTORS_SELECT, memberships: { where: { property: { requireTwoStep: true } }, select: { propertyId: true } } },
  });
  return { passkeys: user._count.passkeys, codes: user.totpSecret !== null, required: user.memberships.length > 0 };
}

/**
 * Whether taking away one of the member's factors (their codes, or one passkey) would leave a
 * member of a property that requires two-step sign-in without any: then it is refused. Called in
 * the transaction that takes it away, the member's row locked.
 */
export async function secondFactorStillRequired(tx: Prisma.TransactionClient, staffUserId: string, input: { without: "codes" | "passkey" }): Promise<boolean> {
  await tx.$queryRaw`SELECT id FROM staff_users WHERE id = ${staffUserId} FOR UPDATE`;
  const factors = await secondFactors(tx, staffUserId);
  if (!factors.required) return false;
  const left = factors.passkeys - (input.without === "passkey" ? 1 : 0) + (factors.codes && input.without !== "codes" ? 1 : 0);
  return left <= 0;
}

/**
 * Turns the requirement on or off for a live property's team (admins; audited as
 * two_step_required / two_step_not_required, with how many members had no second factor then).
 * The same setting again changes nothing and writes nothing.
 */
export async function setTwoStepRequirement(db: Db, input: { propertyId: string; required: boolean; actor: Actor }): Promise<{ changed: boolean; membersWithout: number }> {
  return db.$transaction(async (tx) => {
    const [property] = await tx.$queryRaw<{ id: string; live_property_id: string | null; require_two_step: boolean }[]>`
      SELECT id, live_property_id, require_two_step FROM properties WHERE id = ${input.propertyId} FOR UPDATE`;
    if (!property) throw new DomainError("not_found", `no property with id "${input.propertyId}"`);
    if (property.live_property_id) throw new DomainError("invalid_argument", "a test property's team is its live property's: set it there");
    const membersWithout = await tx.membership.count({ where: { propertyId: property.id, staffUser: { totpSecret: null, passkeys: { none: {} } } } });
    if (property.require_two_step === input.required) return { changed: false, membersWithout };
    // The admin who requires it would be sent to set it up at their next page: they set theirs up first.
    const own = input.required && input.actor.staffId ? await secondFactors(tx, input.actor.staffId) : null;
    if (own && own.passkeys === 0 && !own.codes) {
      throw new DomainError("invalid_argument", "Set up your own passkey or two-step codes first (Account › Sign-in security): then require them of the team.");
    }
    await tx.property.update({ where: { id: property.id }, data: { requireTwoStep: input.required } });
    await recordAuditEvent(tx, {
      propertyId: property.id,
      action: input.required ? "two_step_required" : "two_step_not_required",
      actor: input.actor,
      details: { membersWithoutSecondFactor: membersWithout },
    });
    return { changed: true, membersWithout };
  });
}
