import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import type { StaffRole } from "./create-staff-user";
import { lockedTeamMember } from "./change-staff-role";
import { countAdmins, lastAdminRefusal } from "./team-lock";

/**
 * Removes someone from the property's team. Invariants:
 * - the property keeps at least one admin: its last admin cannot be removed (by anyone, also
 *   themselves), also when two removals or demotions race (the team's row lock);
 * - their sessions end at once, in the same transaction (every staff_sessions row of theirs):
 *   their next request, in any tab or browser, is signed out;
 * - their account stays (they may be invited back, and keep their other properties);
 * - only members of this property (another's staff is "not found"); audited (staff_removed).
 * Removing yourself is allowed unless you are the last admin.
 */
export async function removeStaffMember(
  db: Db,
  input: { propertyId: string; staffUserId: string; actor: Actor },
): Promise<{ email: string; displayName: string; role: StaffRole; endedSessions: number }> {
  return db.$transaction(async (tx) => {
    const member = await lockedTeamMember(tx, input.propertyId, input.staffUserId);
    if (member.role === "admin" && (await countAdmins(tx, input.propertyId)) <= 1) throw lastAdminRefusal(member.displayName, "remove");
    await tx.membership.delete({ where: { staffUserId_propertyId: { staffUserId: member.id, propertyId: input.propertyId } } });
    const ended = await tx.staffSession.deleteMany({ where: { staffUserId: member.id } });
    await recordAuditEvent(tx, {
      propertyId: input.propertyId,
      action: "staff_removed",
      actor: input.actor,
      details: { staffUserId: member.id, email: member.email, name: member.name, role: member.role },
    });
    return { email: member.email, displayName: member.displayName, role: member.role, endedSessions: ended.count };
  });
}
