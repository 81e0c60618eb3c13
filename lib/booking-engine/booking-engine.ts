import { createApiKeyIn } from "@/lib/api-keys/create-api-key";
import { rotateApiKeyIn } from "@/lib/api-keys/rotate-api-key";
import type { Actor } from "@/lib/audit/actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { BookingEngine, Prisma } from "@/lib/generated/prisma/client";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { checkEngineSettings, type EngineSettings } from "./engine-settings";

/**
 * A property's booking engine: its guest site at /hotels/{slug} and the widget on the hotel's own
 * site, a partner of the API like any other. Invariants:
 * - only a live property on a plan that writes (Starter or higher) has one; an engine that is on
 *   has exactly one active write key of its own, labelled "Booking engine", whose value is kept
 *   sealed (the server books with it; it never reaches a browser);
 * - turning it off revokes that key (the site stops booking at once); on again makes a new one;
 * - its key is rotated with the engine, in one transaction with its new sealed value, so the site
 *   never holds a dead value (the generic rotate and revoke refuse it: engine-key-guard.ts);
 * - every change is audited on the property;
 * - its settings are checked whole (engine-settings.ts): one bad field and nothing changes.
 */

/** The label of an engine's key among the property's keys. */
export const ENGINE_KEY_LABEL = "Booking engine";

/** Checked settings, or invalid_argument with every problem. */
function checkedChanges(changes: EngineSettings): EngineSettings {
  const { settings, problems } = checkEngineSettings(changes);
  if (problems.length) throw new DomainError("invalid_argument", problems.map((problem) => problem.message).join("; "));
  return settings;
}

async function lockedEngineProperty(tx: Prisma.TransactionClient, propertyId: string) {
  await tx.$executeRaw`SELECT FROM properties WHERE id = ${propertyId} FOR UPDATE`;
  const property = await tx.property.findUnique({ where: { id: propertyId }, include: { bookingEngine: { include: { apiKey: { select: { revokedAt: true } } } } } });
  if (!property || property.livePropertyId) throw new DomainError("not_found", `no property with id "${propertyId}"`);
  return property;
}

/** Turns the engine on (made the first time, with its key), with the settings given; on already: the settings only. */
export async function enableBookingEngine(db: Db, input: { propertyId: string; actor: Actor; box: SecretBox } & EngineSettings): Promise<BookingEngine> {
  const { allowedOrigins, defaultLanguage, accentColour, welcomeText } = input;
  const changes = checkedChanges({ allowedOrigins, defaultLanguage, accentColour, welcomeText });
  return db.$transaction(async (tx) => {
    const property = await lockedEngineProperty(tx, input.propertyId);
    const engine = property.bookingEngine;
    const keyAlive = engine?.enabled && engine.apiKeyId && engine.apiKey && !engine.apiKey.revokedAt;
    // createApiKeyIn refuses a Free property (its plan does not write): so does the engine.
    const key = keyAlive ? null : await createApiKeyIn(tx, { propertyId: property.id, scope: "write", label: ENGINE_KEY_LABEL, actor: input.actor });
    const data = { enabled: true, ...changes, ...(key ? { apiKeyId: key.id, keyCiphertext: input.box.seal(key.key) } : {}) };
    // Not an upsert: PostgreSQL checks the row an INSERT … ON CONFLICT proposes, keyless for an engine already on.
    const saved = engine
      ? await tx.bookingEngine.update({ where: { propertyId: property.id }, data })
      : await tx.bookingEngine.create({ data: { propertyId: property.id, ...data } });
    await recordAuditEvent(tx, {
      propertyId: property.id,
      action: engine?.enabled ? "booking_engine_updated" : "booking_engine_enabled",
      actor: input.actor,
      details: { allowedOrigins: saved.allowedOrigins, defaultLanguage: saved.defaultLanguage, accentColour: saved.accentColour, welcomeText: saved.welcomeText },
    });
    return saved;
  });
}

/** Turns the engine off: its key revoked (the site stops booking at once), its settings kept for next time. */
export async function disableBookingEngine(db: Db, input: { propertyId: string; actor: Actor; now?: Date }): Promise<BookingEngine | null> {
  return db.$transaction(async (tx) => {
    const property = await lockedEngineProperty(tx, input.propertyId);
    const engine = property.bookingEngine;
    if (!engine?.enabled) return engine;
    if (engine.apiKeyId) await tx.apiKey.updateMany({ where: { id: engine.apiKeyId, revokedAt: null }, data: { revokedAt: input.now ?? new Date() } });
    const saved = await tx.bookingEngine.update({ where: { propertyId: property.id }, data: { enabled: false, apiKeyId: null, keyCiphertext: null } });
    await recordAuditEvent(tx, { propertyId: property.id, action: "booking_engine_disabled", actor: input.actor, details: {} });
    return saved;
  });
}

/** A new value for the engine's key, sealed in the same transaction: the old value stops at once, the site books with the new one. */
export async function rotateEngineKey(db: Db, input: { propertyId: string; actor: Actor; box: SecretBox }): Promise<{ hint: string }> {
  return db.$transaction(async (tx) => {
    const property = await lockedEngineProperty(tx, input.propertyId);
    const engine = property.bookingEngine;
    if (!engine?.enabled || !engine.apiKeyId) throw new DomainError("conflict", "the booking engine is off: turn it on first");
    const rotated = await rotateApiKeyIn(tx, { keyId: engine.apiKeyId, propertyId: property.id, actor: input.actor, engine: "rotating" });
    await tx.bookingEngine.update({ where: { propertyId: property.id }, data: { apiKeyId: rotated.id, keyCiphertext: input.box.seal(rotated.key) } });
    await recordAuditEvent(tx, { propertyId: property.id, action: "booking_engine_key_rotated", actor: input.actor, details: { hint: rotated.hint } });
    return { hint: rotated.hint };
  });
}

/** The engine of the property with this slug, when it is on, with its key's value (for the server's own calls to the API); null otherwise. */
export async function openBookingEngine(db: Db, slug: string, box: SecretBox): Promise<{ engine: BookingEngine; propertyId: string; apiKey: string } | null> {
  const property = await db.property.findUnique({ where: { slug }, select: { id: true, bookingEngine: true } });
  const engine = property?.bookingEngine;
  if (!property || !engine?.enabled || !engine.keyCiphertext) return null;
  return { engine, propertyId: property.id, apiKey: box.open(engine.keyCiphertext) };
}

/** What the proxy needs of a property's engine to serve its pages (who may frame them, the default language), when it is on; null otherwise. */
export async function findEngineSite(db: Db, slug: string): Promise<{ allowedOrigins: string[]; defaultLanguage: string } | null> {
  return db.bookingEngine.findFirst({ where: { enabled: true, property: { slug } }, select: { allowedOrigins: true, defaultLanguage: true } });
}
