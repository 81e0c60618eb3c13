import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { passwordProblem, verifyPassword } from "./password";
import { setStaffPassword } from "./set-staff-password";

/** A staff member changes their own password: the current one must be right. Every session ends. */
export async function changeOwnPassword(db: Db, input: { staffUserId: string; currentPassword: string; newPassword: string }) {
  const user = await db.staffUser.findUnique({ where: { id: input.staffUserId } });
  if (!user) throw new DomainError("not_found", "No such staff member.");
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new DomainError("invalid_argument", "The current password is not right.");
  }
  const problem = passwordProblem(input.newPassword);
  if (problem) throw new DomainError("invalid_argument", `The new ${problem}.`);
  await setStaffPassword(db, { email: user.email, password: input.newPassword });
}
