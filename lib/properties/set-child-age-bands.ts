import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { ChildAgeBand } from "@/lib/rate-plans/party-price";
import { childAgeBandsProblems, childAgeBandViews, inAgeOrder, readChildAgeBands } from "./child-age-bands";

export type SetChildAgeBandsInput = { propertyId: string; bands: ChildAgeBand[]; actor: Actor };

/**
 * Sets a property's children's age bands (the admin CLI's `property child-bands`, Settings ›
 * Property): checked by childAgeBandsProblems (refused whole, nothing written), names trimmed,
 * stored in age order, the property's row locked. A change is recorded in the audit log in the
 * same transaction, as a Settings › Property change (`childAgeBands` from → to, amounts as money);
 * the same bands are no change and write nothing. Prices of bookings made from then on add the new
 * amounts; bookings already made keep theirs. A test twin keeps its copy until its test data is
 * reset (lib/test-mode/test-twin.ts), as it does the room types and rates.
 */
export async function setChildAgeBands(db: Db, input: SetChildAgeBandsInput): Promise<{ bands: ChildAgeBand[]; currency: string; changed: boolean }> {
  const bands = inAgeOrder(input.bands.map((band) => ({ ...band, name: band.name.trim() })));
  const problems = childAgeBandsProblems(bands);
  if (problems.length) throw new DomainError("invalid_argument", problems.join(" "), { problems });
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM properties WHERE id = ${input.propertyId} FOR UPDATE`;
    const property = locked && (await tx.property.findUnique({ where: { id: locked.id }, select: { id: true, currency: true, childAgeBands: true } }));
    if (!property) throw new DomainError("not_found", `no property with id "${input.propertyId}"`);
    const before = readChildAgeBands(property.childAgeBands);
    if (JSON.stringify(before) === JSON.stringify(bands)) return { bands, currency: property.currency, changed: false };
    await tx.property.update({ where: { id: property.id }, data: { childAgeBands: bands } });
    const view = (of: ChildAgeBand[]) => childAgeBandViews(of, property.currency);
    await recordAuditEvent(tx, {
      propertyId: property.id,
      action: "property_settings_updated",
      actor: input.actor,
      details: { changes: { childAgeBands: { from: view(before), to: view(bands) } } },
    });
    return { bands, currency: property.currency, changed: true };
  });
}
