import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { staffNameProblem } from "./staff-name";

/**
 * A staff member sets the name colleagues see ("Desk · Maria Silva", Settings › Team). Their
 * own account only; trimmed; empty means "show my e-mail". Returns the name as stored.
 */
export async function setOwnName(db: Db, input: { staffUserId: string; name: string }): Promise<string> {
  const problem = staffNameProblem(input.name);
  if (problem) throw new DomainError("invalid_argument", problem);
  const name = input.name.trim();
  await db.staffUser.update({ where: { id: input.staffUserId }, data: { name } });
  return name;
}
