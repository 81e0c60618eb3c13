import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma, Property } from "@/lib/generated/prisma/client";
import {
  normalisePropertySettings,
  PROPERTY_SETTINGS_FIELDS,
  propertySettingsProblems,
  type PropertySettings,
  type PropertySettingsField,
} from "./property-settings-fields";

export type UpdatePropertySettingsInput = Partial<PropertySettings> & { propertyId: string; actor: Actor };

/**
 * Changes what guests see of the hotel (Settings › Property): its name, contact e-mail and
 * phone, check-in and check-out times. The property's row is locked, the values equal to the
 * stored ones are no change, and what changed (each field before and after) is recorded in the
 * audit log in the same transaction; when nothing changed, nothing is written. The slug (the
 * admin CLI's name for the property) stays as it is. Guests see a change on the site's next page
 * (it reads GET /me on every page) and in every e-mail sent from then on.
 */
export async function updatePropertySettings(db: Db, input: UpdatePropertySettingsInput): Promise<{ property: Property; changed: PropertySettingsField[] }> {
  const wanted = normalisePropertySettings(input);
  const problems = propertySettingsProblems(wanted);
  if (problems.length) throw new DomainError("invalid_argument", problems.map((p) => p.message).join("; "));
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM properties WHERE id = ${input.propertyId} FOR UPDATE`;
    const before = locked && (await tx.property.findUnique({ where: { id: locked.id } }));
    if (!before) throw new DomainError("not_found", `no property with id "${input.propertyId}"`);
    const changed = PROPERTY_SETTINGS_FIELDS.filter((field) => wanted[field] !== undefined && wanted[field] !== before[field]);
    if (!changed.length) return { property: before, changed };
    const data = Object.fromEntries(changed.map((field) => [field, wanted[field]]));
    const property = await tx.property.update({ where: { id: before.id }, data });
    // Its test twin speaks as the hotel does (test e-mails are rendered as live ones).
    await tx.property.updateMany({ where: { livePropertyId: before.id }, data });
    const changes: Prisma.InputJsonObject = Object.fromEntries(changed.map((field) => [field, { from: before[field], to: property[field] }]));
    await recordAuditEvent(tx, { propertyId: property.id, action: "property_settings_updated", actor: input.actor, details: { changes } });
    return { property, changed };
  });
}
