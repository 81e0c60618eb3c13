import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Every change to a property's team (roles, removals, invitations) first locks the property's
 * row (SELECT ... FOR UPDATE) in its transaction: changes to one team run one after the other,
 * so a rule that counts the team (at least one admin) holds even when two admins act at the
 * same moment. Teams of other properties are not held up.
 */
export async function lockTeam(tx: Prisma.TransactionClient, propertyId: string): Promise<void> {
  const [property] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM properties WHERE id = ${propertyId} FOR UPDATE`;
  if (!property) throw new DomainError("not_found", "No such property.");
}

/** How many admins the property has (call under lockTeam). */
export async function countAdmins(tx: Prisma.TransactionClient, propertyId: string): Promise<number> {
  return tx.membership.count({ where: { propertyId, role: "admin" } });
}

/** The refusal when a change would leave the property without an admin. */
export function lastAdminRefusal(who: string, verb: "demote" | "remove"): DomainError {
  const what = verb === "demote" ? "make them a viewer" : "remove them";
  return new DomainError("conflict", `${who} is the property's last admin: make someone else an admin before you ${what}.`);
}
