import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";

export async function findPropertyBySlug(db: Db, slug: string) {
  const property = await db.property.findUnique({ where: { slug } });
  if (!property) throw new DomainError("not_found", `no property with slug "${slug}"`);
  return property;
}

export async function listProperties(db: Db) {
  return db.property.findMany({ orderBy: { createdAt: "asc" } });
}
