import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { findPropertyBySlug } from "./find-property";
import { isPlan } from "./plans";

/**
 * Changes a property's plan. The plan is read on every API request, so a property moved to
 * Free loses write at once, whatever scope its keys were created with. Its test twin, if it has
 * one, takes the same plan (test traffic has the live plan's limits, counted apart).
 */
export async function setPropertyPlan(db: Db, input: { slug: string; plan: string }) {
  if (!isPlan(input.plan)) throw new DomainError("invalid_argument", `plan "${input.plan}" is not one of free, starter, pro`);
  const property = await findPropertyBySlug(db, input.slug);
  const [updated] = await db.$transaction([
    db.property.update({ where: { id: property.id }, data: { plan: input.plan } }),
    db.property.updateMany({ where: { livePropertyId: property.id }, data: { plan: input.plan } }),
  ]);
  return updated;
}
