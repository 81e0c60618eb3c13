import { beforeAll, describe, expect, it } from "vitest";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { disableBookingEngine, enableBookingEngine, ENGINE_KEY_LABEL, openBookingEngine, rotateEngineKey } from "@/lib/booking-engine/booking-engine";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { createSecretBox } from "@/lib/secrets/secret-box";
import { setupTestDatabase } from "../support/database";
import { api, useDatabaseForRoutes } from "../support/partner-api";
import { partnerFixture } from "../support/partner-fixtures";

/**
 * A property's booking engine (issue 24), its lifecycle on real PostgreSQL: its own write key,
 * kept sealed and working through the API; rotated with the engine; ended with it; refused to a
 * Free property and to a test twin.
 */
const database = setupTestDatabase();
const box = createSecretBox("a test master secret of at least thirty-two characters", "booking-engine-keys");

beforeAll(() => useDatabaseForRoutes(database().url));

async function sealedRow(propertyId: string) {
  return database().db.bookingEngine.findUniqueOrThrow({ where: { propertyId } });
}

describe("the booking engine", () => {
  it("is turned on with a write key of its own, kept sealed, that books through the API; settings are checked and kept", async () => {
    const hotel = await partnerFixture(database().db, { name: "Engine Hotel" });
    const engine = await enableBookingEngine(database().db, {
      propertyId: hotel.property.id,
      actor: TEST_ACTOR,
      box,
      allowedOrigins: ["https://www.engine-hotel.example", "http://localhost:4000", "https://www.engine-hotel.example/"],
      defaultLanguage: "de",
    });
    expect(engine).toMatchObject({ enabled: true, allowedOrigins: ["https://www.engine-hotel.example", "http://localhost:4000"], defaultLanguage: "de" });
    const opened = await openBookingEngine(database().db, hotel.property.slug, box);
    expect(opened?.apiKey).toMatch(/^rbp_[0-9A-Za-z]{38}$/);
    expect((await sealedRow(hotel.property.id)).keyCiphertext).not.toContain(opened!.apiKey);
    const me = await api("GET", "/me", { key: opened!.apiKey });
    expect(me.body).toMatchObject({ mode: "live", property: { id: hotel.property.id }, apiKey: { scope: "write" } });
    const keys = await listApiKeys(database().db, hotel.property.id);
    expect(keys.filter((key) => key.label === ENGINE_KEY_LABEL).map((key) => [key.status, key.engine])).toEqual([["active", true]]);
    expect(keys.filter((key) => key.label !== ENGINE_KEY_LABEL).every((key) => !key.engine)).toBe(true);

    // Turned on again with other settings: the same key, the settings replaced; bad ones refused whole.
    await enableBookingEngine(database().db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box, allowedOrigins: ["https://book.engine-hotel.example"] });
    expect((await openBookingEngine(database().db, hotel.property.slug, box))?.apiKey).toBe(opened!.apiKey);
    await expect(
      enableBookingEngine(database().db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box, allowedOrigins: ["http://engine-hotel.example"], defaultLanguage: "fr" }),
    ).rejects.toThrow(/https:\/\/ only.*language "fr"/);
    expect((await sealedRow(hotel.property.id)).allowedOrigins).toEqual(["https://book.engine-hotel.example"]);
    const audit = await database().db.auditEvent.findMany({ where: { propertyId: hotel.property.id, action: { in: ["booking_engine_enabled", "booking_engine_updated"] } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((row) => row.action)).toEqual(["booking_engine_enabled", "booking_engine_updated"]);
  });

  it("rotates its key with the engine (old value dead at once, the new one sealed); the generic rotate and revoke refuse it", async () => {
    const hotel = await partnerFixture(database().db, { name: "Rotating Engine Hotel" });
    await enableBookingEngine(database().db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box });
    const before = (await openBookingEngine(database().db, hotel.property.slug, box))!;
    const keyId = (await sealedRow(hotel.property.id)).apiKeyId!;
    await expect(rotateApiKey(database().db, { keyId, actor: TEST_ACTOR })).rejects.toThrow(/booking engine's key/);
    await expect(revokeApiKey(database().db, { keyId, actor: TEST_ACTOR })).rejects.toThrow(/booking engine's key/);

    const rotated = await rotateEngineKey(database().db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box });
    const after = (await openBookingEngine(database().db, hotel.property.slug, box))!;
    expect(after.apiKey).not.toBe(before.apiKey);
    expect(rotated.hint).toBe(`${after.apiKey.slice(0, 8)}…${after.apiKey.slice(-4)}`);
    expect((await api("GET", "/me", { key: before.apiKey })).status).toBe(401);
    expect((await api("GET", "/me", { key: after.apiKey })).status).toBe(200);
  });

  it("turned off, revokes its key and opens no more; on again, books with a new key", async () => {
    const hotel = await partnerFixture(database().db, { name: "Closing Engine Hotel" });
    await enableBookingEngine(database().db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box, allowedOrigins: ["https://closing.example"] });
    const first = (await openBookingEngine(database().db, hotel.property.slug, box))!;
    await disableBookingEngine(database().db, { propertyId: hotel.property.id, actor: TEST_ACTOR });
    expect(await openBookingEngine(database().db, hotel.property.slug, box)).toBeNull();
    expect((await api("GET", "/me", { key: first.apiKey })).status).toBe(401);
    expect(await sealedRow(hotel.property.id)).toMatchObject({ enabled: false, keyCiphertext: null, allowedOrigins: ["https://closing.example"] });

    await enableBookingEngine(database().db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box });
    const second = (await openBookingEngine(database().db, hotel.property.slug, box))!;
    expect(second.apiKey).not.toBe(first.apiKey);
    expect((await api("GET", "/me", { key: second.apiKey })).status).toBe(200);
    expect(second.engine.allowedOrigins).toEqual(["https://closing.example"]);
  });

  it("is refused to a Free property (its plan does not write) and to a test twin", async () => {
    const free = await partnerFixture(database().db, { name: "Free Engine Inn", plan: "free" });
    await expect(enableBookingEngine(database().db, { propertyId: free.property.id, actor: TEST_ACTOR, box })).rejects.toMatchObject({ code: "plan_upgrade_required" });
    expect(await database().db.bookingEngine.count({ where: { propertyId: free.property.id } })).toBe(0);
    const hotel = await partnerFixture(database().db, { name: "Twin Engine Hotel" });
    const twin = await openTestTwin(database().db, hotel.property.id);
    await expect(enableBookingEngine(database().db, { propertyId: twin.id, actor: TEST_ACTOR, box })).rejects.toMatchObject({ code: "not_found" });
  });
});
