import { freeTextProblem } from "@/lib/text/free-text";

/** The longest name a staff member can have (the database CHECKs it too). */
export const STAFF_NAME_MAX = 100;

/** What is wrong with a staff member's name, or undefined. Empty is allowed: they are shown by e-mail. */
export function staffNameProblem(name: string): string | undefined {
  if (name.trim().length > STAFF_NAME_MAX) return `A name is at most ${STAFF_NAME_MAX} characters.`;
  return freeTextProblem(name);
}

/** How the panel names a staff member: their name, or their e-mail when they have none. */
export function staffDisplayName(staff: { name: string; email: string }): string {
  return staff.name.trim() || staff.email;
}
