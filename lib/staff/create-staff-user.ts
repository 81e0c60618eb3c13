import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { freeTextProblem } from "@/lib/text/free-text";
import { generatePassword, hashPassword, passwordProblem } from "./password";
import { staffNameProblem } from "./staff-name";

export type { StaffRole };
export const STAFF_ROLES = ["admin", "viewer"] as const satisfies readonly StaffRole[];

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem(email: string): string | undefined {
  const value = normaliseEmail(email);
  if (value.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || freeTextProblem(value)) return `"${email}" is not an e-mail address`;
  return undefined;
}

/**
 * Gives a staff member access to a property with a role. A new account gets the given
 * password, or a generated one (returned once, as `password`), and the given name. An existing
 * account keeps its password and name and gains (or changes) its membership of this property.
 */
export async function createStaffUser(
  db: Db,
  input: { email: string; propertyId: string; role?: StaffRole | string; password?: string; name?: string },
): Promise<{ id: string; email: string; created: boolean; password?: string }> {
  const role = input.role ?? "admin";
  if (!isStaffRole(role)) throw new DomainError("invalid_argument", `role "${role}" is not admin or viewer`);
  const problem =
    emailProblem(input.email) ??
    (input.name !== undefined ? staffNameProblem(input.name) : undefined) ??
    (input.password !== undefined ? passwordProblem(input.password) : undefined);
  if (problem) throw new DomainError("invalid_argument", problem);
  const email = normaliseEmail(input.email);
  const property = await db.property.findUnique({ where: { id: input.propertyId }, select: { id: true } });
  if (!property) throw new DomainError("not_found", `no property with id "${input.propertyId}"`);

  let existing = await db.staffUser.findUnique({ where: { email } });
  let generated = existing || input.password !== undefined ? undefined : generatePassword();
  let user = existing;
  if (!user) {
    try {
      user = await db.staffUser.create({
        data: { id: newId("staff"), email, name: input.name?.trim() ?? "", passwordHash: await hashPassword(input.password ?? generated!) },
      });
    } catch (error) {
      // Created at the same moment by someone else: treat it as the existing account.
      if ((error as { code?: string }).code !== "P2002") throw error;
      user = existing = await db.staffUser.findUniqueOrThrow({ where: { email } });
      generated = undefined;
    }
  }
  await db.membership.upsert({
    where: { staffUserId_propertyId: { staffUserId: user.id, propertyId: property.id } },
    create: { staffUserId: user.id, propertyId: property.id, role },
    update: { role },
  });
  return { id: user.id, email: user.email, created: !existing, ...(generated ? { password: generated } : {}) };
}
