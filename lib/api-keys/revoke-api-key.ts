import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { refuseEngineKey } from "./engine-key-guard";

/**
 * Revokes a key: it fails on the very next request. Revoking a revoked key changes nothing
 * and returns when it was revoked. `propertyId`, when given, confines it to that property.
 */
export async function revokeApiKey(db: Db, input: { keyId: string; propertyId?: string; actor: Actor; now?: Date }) {
  return db.$transaction(async (tx) => {
    const [key] = await tx.$queryRaw<{ id: string; property_id: string; revoked_at: Date | null; hint: string }[]>`
      SELECT id, property_id, revoked_at, hint FROM api_keys WHERE id = ${input.keyId} FOR UPDATE`;
    if (!key || (input.propertyId !== undefined && key.property_id !== input.propertyId)) {
      throw new DomainError("not_found", `no API key with id "${input.keyId}"`);
    }
    if (key.revoked_at) return { id: key.id, revokedAt: key.revoked_at };
    await refuseEngineKey(tx, key.id, "ended by turning the booking engine off");
    const revoked = await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: input.now ?? new Date() } });
    await recordAuditEvent(tx, { propertyId: key.property_id, action: "api_key_revoked", apiKeyId: key.id, actor: input.actor, details: { hint: key.hint } });
    return { id: revoked.id, revokedAt: revoked.revokedAt! };
  });
}
