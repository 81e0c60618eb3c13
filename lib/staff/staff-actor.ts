import type { Actor } from "@/lib/audit/actor";
import type { SignedInStaff } from "./staff-sessions";

/** The signed-in staff member as the actor of what they do (audit rows name them by e-mail). */
export function staffActor(staff: SignedInStaff): Actor {
  return { staffId: staff.staffUserId, label: staff.email };
}
