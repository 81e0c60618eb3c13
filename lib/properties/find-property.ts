import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";

export async function findPropertyBySlug(db: Db, slug: string) {
  const property = await db.property.findUnique({ where: { slug } });
  if (!property) throw new DomainError("not_found", `no property with slug "${slug}"`);
  return property;
}

/** The live properties (test twins are reached through their live property). */
export async function listProperties(db: Db) {
  return db.property.findMany({ where: { livePropertyId: null }, orderBy: { createdAt: "asc" } });
}
