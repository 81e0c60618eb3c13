import { DomainError } from "@/lib/errors";
import type { SignedInStaff } from "./staff-sessions";

/** What a panel page or action does to a property: look (any member) or change (admins). */
export type PanelAccess = "view" | "manage";

/**
 * The staff member's membership of the property a page or action touches, checked on the
 * server for every request. Not a member: "not found" (never "forbidden": no oracle, even for
 * ids edited in a form). A viewer asking to change something: insufficient_scope.
 */
export function requireMembership(staff: SignedInStaff, propertyId: string, access: PanelAccess) {
  // A member of a property is a member of its test twin too, with the same role.
  const membership = staff.memberships.find((m) => m.propertyId === propertyId || (m.testPropertyId !== null && m.testPropertyId === propertyId));
  if (!membership) throw new DomainError("not_found", "No such property.");
  if (access === "manage" && membership.role !== "admin") {
    throw new DomainError("insufficient_scope", "You have view access to this property: only its admins can change anything here.");
  }
  return membership;
}
