import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isStaffRole, type StaffRole } from "./create-staff-user";
import { staffDisplayName } from "./staff-name";
import { countAdmins, lastAdminRefusal, lockTeam } from "./team-lock";

/** A member of the property's team, read under its lock; anyone else (another property's staff) is "not found". */
export async function lockedTeamMember(tx: Prisma.TransactionClient, propertyId: string, staffUserId: string) {
  await lockTeam(tx, propertyId);
  const membership = await tx.membership.findUnique({
    where: { staffUserId_propertyId: { staffUserId, propertyId } },
    include: { staffUser: { select: { id: true, email: true, name: true } } },
  });
  if (!membership) throw new DomainError("not_found", "No such member of this property's team: they may have been removed meanwhile.");
  return { role: membership.role, ...membership.staffUser, displayName: staffDisplayName(membership.staffUser) };
}

/**
 * Changes a team member's role at the property (admin or viewer). Invariants:
 * - the property keeps at least one admin: the last admin cannot be made a viewer, also when
 *   two admins demote each other at the same moment (the team's row lock makes them take turns,
 *   and the second sees one admin left);
 * - only members of this property (another's staff is "not found");
 * - the same role again changes nothing and records nothing; a change is audited (staff_role_changed).
 */
export async function changeStaffRole(
  db: Db,
  input: { propertyId: string; staffUserId: string; role: StaffRole | string; actor: Actor },
): Promise<{ email: string; displayName: string; from: StaffRole; to: StaffRole; changed: boolean }> {
  if (!isStaffRole(input.role)) throw new DomainError("invalid_argument", `role "${input.role}" is not admin or viewer`);
  const role = input.role;
  return db.$transaction(async (tx) => {
    const member = await lockedTeamMember(tx, input.propertyId, input.staffUserId);
    const result = { email: member.email, displayName: member.displayName, from: member.role, to: role };
    if (member.role === role) return { ...result, changed: false };
    if (member.role === "admin" && (await countAdmins(tx, input.propertyId)) <= 1) throw lastAdminRefusal(member.displayName, "demote");
    await tx.membership.update({ where: { staffUserId_propertyId: { staffUserId: member.id, propertyId: input.propertyId } }, data: { role } });
    await recordAuditEvent(tx, {
      propertyId: input.propertyId,
      action: "staff_role_changed",
      actor: input.actor,
      details: { staffUserId: member.id, email: member.email, name: member.name, from: member.role, to: role },
    });
    return { ...result, changed: true };
  });
}
