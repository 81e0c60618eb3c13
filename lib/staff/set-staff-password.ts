import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { emailProblem, normaliseEmail } from "./create-staff-user";
import { generatePassword, hashPassword, passwordProblem } from "./password";

/**
 * Sets a staff member's password (a generated one, returned once, when none is given) and
 * ends all their sessions, so a leaked password stops working everywhere.
 */
export async function setStaffPassword(db: Db, input: { email: string; password?: string }) {
  const problem = emailProblem(input.email) ?? (input.password !== undefined ? passwordProblem(input.password) : undefined);
  if (problem) throw new DomainError("invalid_argument", problem);
  const user = await db.staffUser.findUnique({ where: { email: normaliseEmail(input.email) } });
  if (!user) throw new DomainError("not_found", `no staff member with e-mail "${input.email}"`);
  const generated = input.password === undefined ? generatePassword() : undefined;
  const passwordHash = await hashPassword(input.password ?? generated!);
  await db.$transaction([
    db.staffUser.update({ where: { id: user.id }, data: { passwordHash } }),
    db.staffSession.deleteMany({ where: { staffUserId: user.id } }),
  ]);
  return { id: user.id, email: user.email, ...(generated ? { password: generated } : {}) };
}
