import type { Db } from "@/lib/db";
import { isValidTimeZone } from "@/lib/dates/calendar-date";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { isCurrencyCode } from "@/lib/money/currency";
import { freeTextProblem } from "@/lib/text/free-text";
import { isPlan, type Plan } from "./plans";
import { standardRatePlan } from "@/lib/rate-plans/standard-rate-plan";
import { firstFreeSlug, slugify } from "./slug";

export type CreatePropertyInput = { name: string; timezone: string; currency: string; plan: Plan | string };

export function validatePropertyInput(input: CreatePropertyInput): string[] {
  const problems: string[] = [];
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) problems.push("name must be 1 to 100 characters");
  const nameProblem = freeTextProblem(name);
  if (nameProblem) problems.push(`name: ${nameProblem}`);
  if (!isValidTimeZone(input.timezone)) problems.push(`timezone "${input.timezone}" is not an IANA time zone (e.g. Europe/Lisbon or UTC)`);
  if (!isCurrencyCode(input.currency)) problems.push(`currency "${input.currency}" is not an ISO 4217 code (e.g. EUR)`);
  if (!isPlan(input.plan)) problems.push(`plan "${input.plan}" is not one of free, starter, pro`);
  return problems;
}

/** Creates a property with its Standard rate plan; its slug comes from the name, with a numeric suffix when taken. */
export async function createProperty(db: Db, input: CreatePropertyInput) {
  const problems = validatePropertyInput(input);
  if (problems.length) throw new DomainError("invalid_argument", problems.join("; "));
  const base = slugify(input.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await db.property.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
    const slug = firstFreeSlug(base, new Set(taken.map((p) => p.slug)));
    try {
      return await db.property.create({
        data: {
          id: newId("prop"),
          name: input.name.trim(),
          slug,
          timezone: input.timezone,
          currency: input.currency,
          plan: input.plan as Plan,
          ratePlans: { create: standardRatePlan() },
        },
      });
    } catch (error) {
      // Another process took the same slug between our read and write: look again.
      if ((error as { code?: string }).code !== "P2002") throw error;
    }
  }
  throw new DomainError("conflict", `could not find a free slug for "${input.name}"`);
}
