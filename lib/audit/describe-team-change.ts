import type { AuditAction } from "@/lib/generated/prisma/client";

/** The team's audit actions (Settings › Team's history). */
export const TEAM_AUDIT_ACTIONS = [
  "staff_invited",
  "staff_invitation_resent",
  "staff_invitation_revoked",
  "staff_invitation_accepted",
  "staff_role_changed",
  "staff_removed",
  "two_step_required",
  "two_step_not_required",
  "second_factor_reset",
  "sign_in_throttled",
] as const satisfies readonly AuditAction[];

/**
 * What a team change did, in words, from its audit row's details (after the actor's e-mail):
 * "invited ana@hotel.example (Ana Silva) as viewer", "changed Ana Silva (ana@hotel.example) from viewer to admin".
 */
export function describeTeamChange(action: string, details: unknown): string {
  const d = (details ?? {}) as Record<string, unknown>;
  const email = String(d.email ?? "?");
  const person = typeof d.name === "string" && d.name.trim() ? `${d.name.trim()} (${email})` : email;
  switch (action) {
    case "staff_invited":
      return `invited ${person} as ${d.role}${d.replaced ? ", replacing the earlier invitation" : ""}`;
    case "staff_invitation_resent":
      return `sent ${email} a new invitation link`;
    case "staff_invitation_revoked":
      return `revoked the invitation of ${email}`;
    case "staff_invitation_accepted":
      return d.alreadyMember ? "accepted an invitation (already on the team)" : `accepted the invitation and joined as ${d.role}`;
    case "staff_role_changed":
      return `changed ${person} from ${d.from} to ${d.to}`;
    case "staff_removed":
      return `removed ${person} (${d.role}) from the team`;
    case "two_step_required":
      return `required two-step sign-in of the team (${d.membersWithoutSecondFactor ?? 0} without a second factor then)`;
    case "two_step_not_required":
      return "stopped requiring two-step sign-in";
    case "second_factor_reset":
      return `reset the two-step sign-in of ${person}`;
    case "sign_in_throttled":
      return `failed to sign in ${d.failures ?? 5} times (last from ${String(d.clientAddress ?? "?")}): sign-in waits until ${String(d.until ?? "?")}`;
    default:
      return action;
  }
}
