import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { CreatedApiKey } from "./create-api-key";
import { propertyMode } from "@/lib/test-mode/property-mode";
import { generateApiKey } from "./key-format";
import type { Prisma } from "@/lib/generated/prisma/client";
import { refuseEngineKey } from "./engine-key-guard";

/**
 * Issues a new value for a key and revokes the old one in one transaction: the old value
 * fails on the very next request (keys are looked up in the database on every request).
 * The new key keeps the label, scope and property. `propertyId`, when given, confines the
 * operation to that property (the panel passes the property the staff member is in).
 */
export async function rotateApiKey(
  db: Db,
  input: { keyId: string; propertyId?: string; actor: Actor; now?: Date },
): Promise<CreatedApiKey & { replaces: string }> {
  return db.$transaction((tx) => rotateApiKeyIn(tx, input));
}

/** rotateApiKey inside the caller's transaction (the booking engine reseals its new value in the same one). */
export async function rotateApiKeyIn(
  tx: Prisma.TransactionClient,
  input: { keyId: string; propertyId?: string; actor: Actor; now?: Date; engine?: "rotating" },
): Promise<CreatedApiKey & { replaces: string }> {
  const [old] = await tx.$queryRaw<{ id: string; property_id: string; revoked_at: Date | null }[]>`
    SELECT id, property_id, revoked_at FROM api_keys WHERE id = ${input.keyId} FOR UPDATE`;
  if (!old || (input.propertyId !== undefined && old.property_id !== input.propertyId)) {
    throw new DomainError("not_found", `no API key with id "${input.keyId}"`);
  }
  if (old.revoked_at) throw new DomainError("conflict", "this key is already revoked; create a new key instead");
  if (input.engine !== "rotating") await refuseEngineKey(tx, old.id, "rotated in Settings › Booking engine");
  const current = await tx.apiKey.findUniqueOrThrow({ where: { id: old.id }, include: { property: { select: { livePropertyId: true } } } });
  const generated = generateApiKey(propertyMode(current.property));
  const replacement = await tx.apiKey.create({
    data: {
      id: newId("key"),
      propertyId: current.propertyId,
      label: current.label,
      scope: current.scope,
      hash: generated.hash,
      hint: generated.hint,
    },
  });
  await tx.apiKey.update({ where: { id: current.id }, data: { revokedAt: input.now ?? new Date(), replacedById: replacement.id } });
  await recordAuditEvent(tx, {
    propertyId: current.propertyId,
    action: "api_key_rotated",
    apiKeyId: current.id,
    actor: input.actor,
    details: { replacedBy: replacement.id, oldHint: current.hint, newHint: replacement.hint },
  });
  return {
    id: replacement.id,
    key: generated.key,
    hint: replacement.hint,
    scope: replacement.scope,
    label: replacement.label,
    createdAt: replacement.createdAt,
    replaces: current.id,
  };
}
