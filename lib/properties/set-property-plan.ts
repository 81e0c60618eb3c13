import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { findPropertyBySlug } from "./find-property";
import { isPlan } from "./plans";

/**
 * Changes a property's plan. The plan is read on every API request, so a property moved to
 * Free loses write at once, whatever scope its keys were created with.
 */
export async function setPropertyPlan(db: Db, input: { slug: string; plan: string }) {
  if (!isPlan(input.plan)) throw new DomainError("invalid_argument", `plan "${input.plan}" is not one of free, starter, pro`);
  const property = await findPropertyBySlug(db, input.slug);
  return db.property.update({ where: { id: property.id }, data: { plan: input.plan } });
}
