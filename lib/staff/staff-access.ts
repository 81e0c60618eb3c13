import { DomainError } from "@/lib/errors";
import type { SignedInStaff } from "./staff-sessions";

/** What a panel page or action does to a property: look (any member) or change (admins). */
export type PanelAccess = "view" | "manage";

/**
 * Which of a property's two faces it may touch: either (its rooms, rates, bookings, keys,
 * webhooks: a member works on the test twin too, with the same role) or the live property only
 * (its team and its own settings, which test mode shares with live: a twin's id is not found).
 */
export type PropertyFace = "either" | "live";

/**
 * The staff member's membership of the property a page or action touches, checked on the
 * server for every request. Not a member: "not found" (never "forbidden": no oracle, even for
 * ids edited in a form). A viewer asking to change something: insufficient_scope.
 */
export function requireMembership(staff: SignedInStaff, propertyId: string, access: PanelAccess, face: PropertyFace = "either") {
  // A member of a property is a member of its test twin too, with the same role.
  const membership = staff.memberships.find((m) => m.propertyId === propertyId || (face === "either" && m.testPropertyId !== null && m.testPropertyId === propertyId));
  if (!membership) throw new DomainError("not_found", "No such property.");
  if (access === "manage" && membership.role !== "admin") {
    throw new DomainError("insufficient_scope", "You have view access to this property: only its admins can change anything here.");
  }
  return membership;
}
