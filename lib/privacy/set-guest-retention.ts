import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";

/** The retention periods a hotel may choose, in months after checkout (the migration's CHECK holds the same). */
export const GUEST_RETENTION_MONTHS = { min: 1, max: 120, default: 24 } as const;

/** Why `months` is not a retention period (a whole number of months from 1 to 120, or null: off); null when it is one. */
export function guestRetentionProblem(months: number | null): string | null {
  if (months === null) return null;
  if (!Number.isInteger(months) || months < GUEST_RETENTION_MONTHS.min || months > GUEST_RETENTION_MONTHS.max) {
    return `the retention period must be a whole number of months from ${GUEST_RETENTION_MONTHS.min} to ${GUEST_RETENTION_MONTHS.max}, or off`;
  }
  return null;
}

/**
 * Sets how long a property keeps its guests' data (Settings › Privacy): guests are anonymised
 * `months` after their checkout by the daily retention run (apply-retention.ts); null turns it
 * off. Only a live property has a period: its test twin follows it. A change is audited as a
 * property setting (`guestRetentionMonths` from → to), in the same transaction as the write,
 * the property's row locked; the same period is no change and writes nothing.
 */
export async function setGuestRetention(db: Db, input: { propertyId: string; months: number | null; actor: Actor }): Promise<{ months: number | null; changed: boolean }> {
  const problem = guestRetentionProblem(input.months);
  if (problem) throw new DomainError("invalid_argument", problem);
  return db.$transaction(async (tx) => {
    const [property] = await tx.$queryRaw<{ id: string; live_property_id: string | null; guest_retention_months: number | null }[]>`
      SELECT id, live_property_id, guest_retention_months FROM properties WHERE id = ${input.propertyId} FOR UPDATE`;
    if (!property) throw new DomainError("not_found", `no property with id "${input.propertyId}"`);
    if (property.live_property_id) throw new DomainError("invalid_argument", "a test property follows its live property's retention period: set it there");
    if (property.guest_retention_months === input.months) return { months: input.months, changed: false };
    await tx.property.update({ where: { id: property.id }, data: { guestRetentionMonths: input.months } });
    await recordAuditEvent(tx, {
      propertyId: property.id,
      action: "property_settings_updated",
      actor: input.actor,
      details: { changes: { guestRetentionMonths: { from: property.guest_retention_months, to: input.months } } },
    });
    return { months: input.months, changed: true };
  });
}
