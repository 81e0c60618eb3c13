import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { addDays, dateInTimeZone, fromDbDate, toDbDate } from "@/lib/dates/calendar-date";
import { newId } from "@/lib/ids";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { createStaffUser } from "@/lib/staff/create-staff-user";
import { verifyPassword } from "@/lib/staff/password";
import { COMMANDS } from "@/scripts/admin/commands";
import { adminCliOn, cliFixtureProperty, failureOfRun, jsonOfRun } from "../support/admin-cli";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();


/** The CLI as operators run it: a child process on the test database. */
const admin = adminCliOn(database);

const json = jsonOfRun;
const failure = failureOfRun;

const unique = () => randomBytes(3).toString("hex");
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const property = (plan?: "free" | "starter" | "pro") => cliFixtureProperty(database().db, plan);

describe("admin CLI", { timeout: 120_000 }, () => {
  it("property create prints id and slug; the same name again gets a numeric suffix", async () => {
    const first = json(await admin(["property", "create", "--name", "Test Inn", "--timezone", "Europe/Lisbon", "--currency", "EUR", "--plan", "free", "--json"]));
    expect(first).toEqual({ id: expect.stringMatching(/^prop_/), slug: "test-inn" });
    const second = await admin(["property", "create", "--name", "Test Inn", "--timezone", "UTC", "--currency", "JPY", "--plan", "pro"]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("test-inn-2");
    const rows = await database().db.property.findMany({ where: { name: "Test Inn" }, orderBy: { createdAt: "asc" } });
    expect(rows.map((p) => [p.id, p.slug, p.timezone, p.currency, p.plan])).toEqual([
      [first.id, "test-inn", "Europe/Lisbon", "EUR", "free"],
      [expect.any(String), "test-inn-2", "UTC", "JPY", "pro"],
    ]);
  });

  it("property set-plan changes the plan; an unknown slug exits 1", async () => {
    const { id, slug } = await property("free");
    const [changed, unknown] = await Promise.all([admin(["property", "set-plan", slug, "starter", "--json"]), admin(["property", "set-plan", "no-such-inn", "pro", "--json"])]);
    expect(json(changed)).toEqual({ id, plan: "starter" });
    expect((await database().db.property.findUniqueOrThrow({ where: { id } })).plan).toBe("starter");
    expect(failure(unknown, 1)).toBe('error: no property with slug "no-such-inn"');
  });

  it("room-type create opens R rooms at the price for 730 nights from today", async () => {
    const { id: propertyId, slug } = await property();
    const created = json(await admin(["room-type", "create", slug, "--name", "Double Room", "--max-adults", "2", "--rooms", "5", "--price", "12000", "--description", "Sea view", "--json"]));
    expect(created).toEqual({ id: expect.stringMatching(/^rt_/) });
    const db = database().db;
    const roomType = await db.roomType.findUniqueOrThrow({ where: { id: created.id as string } });
    expect(roomType).toMatchObject({ propertyId, name: "Double Room", description: "Sea view", maxAdults: 2, rooms: 5, basePrice: 12000 });
    const nights = await db.roomNight.findMany({ where: { roomTypeId: roomType.id }, orderBy: { date: "asc" } });
    expect(nights).toHaveLength(730);
    expect(new Set(nights.map((n) => `${n.roomsForSale}/${n.price}/${n.closed}`))).toEqual(new Set(["5/12000/false"]));
    const today = dateInTimeZone(new Date(), "Europe/Lisbon");
    expect(fromDbDate(nights[0]!.date)).toBe(today);
    expect(fromDbDate(nights.at(-1)!.date)).toBe(addDays(today, 729));
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId, action: "room_type_created" } });
    expect(audit).toMatchObject({ actorId: null, actorLabel: "admin CLI", details: { roomTypeId: roomType.id, roomTypeName: "Double Room", rooms: 5, basePrice: { amount: 12000, currency: "EUR" } } });
  });

  it("property list and room-type list print { data } with ISO dates; an unknown slug exits 1", async () => {
    const { id: propertyId, slug } = await property();
    await createRoomType(database().db, { propertyId, name: "Single", maxAdults: 1, rooms: 2, basePrice: 8000 });
    const [properties, roomTypes, unknown] = await Promise.all([
      admin(["property", "list", "--json"]),
      admin(["room-type", "list", slug, "--json"]),
      admin(["room-type", "list", "no-such-inn"]),
    ]);
    const listed = json(properties).data as { slug: string; createdAt: string }[];
    expect(listed.find((p) => p.slug === slug)?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(json(roomTypes).data).toEqual([expect.objectContaining({ name: "Single", rooms: 2, basePrice: 8000, createdAt: expect.stringMatching(/Z$/) })]);
    expect(failure(unknown, 1)).toContain("no-such-inn");
  });

  it("rates set changes every night from --from to --to and never drops rooms below rooms sold", async () => {
    const db = database().db;
    const { id: propertyId } = await property();
    const roomType = await createRoomType(db, { propertyId, name: "Twin", maxAdults: 2, rooms: 5, basePrice: 10000 });
    const from = addDays(dateInTimeZone(new Date(), "Europe/Lisbon"), 10);
    const to = addDays(from, 2);
    await db.roomNight.updateMany({ where: { roomTypeId: roomType.id, date: { in: [toDbDate(from), toDbDate(addDays(from, 1))] } }, data: { roomsSold: 3 } });
    const nights = () => db.roomNight.findMany({ where: { roomTypeId: roomType.id, date: { gte: toDbDate(addDays(from, -1)), lte: toDbDate(addDays(to, 1)) } }, orderBy: { date: "asc" } });
    const before = await nights();

    const refused = failure(await admin(["rates", "set", roomType.id, "--from", from, "--to", to, "--price", "12.5", "--json"]), 2);
    expect(refused).toContain("--price must be a whole number");
    expect(await nights()).toEqual(before);

    const result = json(await admin(["rates", "set", roomType.id, "--from", from, "--to", to, "--price", "15000", "--rooms", "1", "--closed", "--json"]));
    expect(result).toEqual({ roomTypeId: roomType.id, nights: 3, keptAboveSold: 2 });
    expect((await nights()).map((n) => [fromDbDate(n.date), n.price, n.roomsForSale, n.roomsSold, n.closed])).toEqual([
      [addDays(from, -1), 10000, 5, 0, false],
      [from, 15000, 3, 3, true],
      [addDays(from, 1), 15000, 3, 3, true],
      [to, 15000, 1, 0, true],
      [addDays(to, 1), 10000, 5, 0, false],
    ]);
  });

  it("rates set refuses a night before today at the property with exit 1 and one line, accepts today, and audits as the admin CLI", async () => {
    const db = database().db;
    const { id: propertyId } = await property();
    const roomType = await createRoomType(db, { propertyId, name: "Twin", maxAdults: 2, rooms: 5, basePrice: 10000 });
    const today = dateInTimeZone(new Date(), "Europe/Lisbon");
    const yesterday = addDays(today, -1);
    const refused = failure(await admin(["rates", "set", roomType.id, "--from", yesterday, "--to", addDays(today, 2), "--price", "15000", "--json"]), 1);
    expect(refused).toBe(`error: ${yesterday} is before today at the property (${today}): past nights cannot be changed`);
    expect(await db.roomNight.count({ where: { roomTypeId: roomType.id, price: 15000 } })).toBe(0);
    expect(await db.auditEvent.count({ where: { propertyId, action: "rates_set" } })).toBe(0);

    expect(json(await admin(["rates", "set", roomType.id, "--from", today, "--to", today, "--closed", "--json"]))).toEqual({ roomTypeId: roomType.id, nights: 1, keptAboveSold: 0 });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId, action: "rates_set" } });
    expect(audit).toMatchObject({ actorId: null, actorLabel: "admin CLI", details: { roomTypeId: roomType.id, from: today, to: today, weekdays: null, changes: { closed: true } } });
  });

  it("room-type update changes the given fields only, audits them, and refuses bad values (2) and unknown ids (1)", async () => {
    const db = database().db;
    const { id: propertyId } = await property();
    const roomType = await createRoomType(db, { propertyId, name: "Single", description: "Quiet", maxAdults: 1, rooms: 2, basePrice: 8000 });
    const result = json(await admin(["room-type", "update", roomType.id, "--name", "Single Deluxe", "--price", "9500", "--rooms", "3", "--json"]));
    expect(result).toEqual({ id: roomType.id, changed: ["name", "rooms", "basePrice"] });
    expect(await db.roomType.findUniqueOrThrow({ where: { id: roomType.id } })).toMatchObject({ name: "Single Deluxe", description: "Quiet", maxAdults: 1, rooms: 3, basePrice: 9500 });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { propertyId, action: "room_type_updated" } });
    expect(audit).toMatchObject({ actorLabel: "admin CLI", details: { roomTypeId: roomType.id, changes: { name: { from: "Single", to: "Single Deluxe" }, rooms: { from: 2, to: 3 } } } });

    const [nothing, badAdults, unknown] = await Promise.all([
      admin(["room-type", "update", roomType.id, "--json"]),
      admin(["room-type", "update", roomType.id, "--max-adults", "0"]),
      admin(["room-type", "update", "rt_00000000000000000000", "--name", "Ghost"]),
    ]);
    expect(failure(nothing, 2)).toContain("nothing to change");
    expect(failure(badAdults, 2)).toContain("max adults must be a whole number from 1 to 20");
    expect(failure(unknown, 1)).toBe('error: no room type with id "rt_00000000000000000000"');
    expect(await db.auditEvent.count({ where: { propertyId, action: "room_type_updated" } })).toBe(1);
  });

  it("key create prints the value once and stores only its SHA-256; a write key on a free property exits 1", async () => {
    const db = database().db;
    const [starter, free] = [await property("starter"), await property("free")];
    const [created, refused] = await Promise.all([
      admin(["key", "create", starter.slug, "--scope", "write", "--label", "Channel manager", "--json"]),
      admin(["key", "create", free.slug, "--scope", "write", "--json"]),
    ]);
    const key = json(created);
    expect(key).toEqual({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^rbp_/), hint: expect.any(String), scope: "write" });
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id as string } });
    expect(row).toMatchObject({ propertyId: starter.id, scope: "write", label: "Channel manager", hash: sha256(key.key as string), hint: key.hint });
    const stored = await db.$queryRaw<{ row: string }[]>`
      SELECT row_to_json(k)::text AS row FROM api_keys k
      UNION ALL SELECT row_to_json(a)::text FROM audit_events a`;
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const { row } of stored) expect(row).not.toContain(key.key);

    expect(failure(refused, 1)).toMatch(/Starter plan/);
    expect(await db.apiKey.count({ where: { propertyId: free.id } })).toBe(0);
  });

  it("key rotate kills the old value at once, key revoke revokes, key list shows no values", async () => {
    const db = database().db;
    const { id: propertyId, slug } = await property();
    const original = await createApiKey(db, { propertyId, scope: "read", label: "Website", actor: ADMIN_CLI_ACTOR });

    const rotated = json(await admin(["key", "rotate", original.id, "--json"]));
    expect(rotated).toEqual({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^rbp_/), hint: expect.any(String), scope: "read", replaces: original.id });
    const old = await db.apiKey.findUniqueOrThrow({ where: { id: original.id } });
    const replacement = await db.apiKey.findUniqueOrThrow({ where: { id: rotated.id as string } });
    expect(old.revokedAt).not.toBeNull();
    expect(old.replacedById).toBe(replacement.id);
    expect(replacement).toMatchObject({ hash: sha256(rotated.key as string), label: "Website", scope: "read", revokedAt: null });
    expect(replacement.hash).not.toBe(old.hash);

    const [revoked, unknown] = await Promise.all([admin(["key", "revoke", replacement.id, "--json"]), admin(["key", "revoke", "key_00000000000000000000"])]);
    const revokedAt = (await db.apiKey.findUniqueOrThrow({ where: { id: replacement.id } })).revokedAt;
    expect(json(revoked)).toEqual({ id: replacement.id, revokedAt: revokedAt?.toISOString() });
    expect(failure(unknown, 1)).toBe('error: no API key with id "key_00000000000000000000"');

    const listed = await admin(["key", "list", slug, "--json"]);
    const data = json(listed).data as Record<string, unknown>[];
    expect(data.map((k) => [k.id, k.status])).toEqual(
      expect.arrayContaining([
        [original.id, "rotated"],
        [replacement.id, "revoked"],
      ]),
    );
    expect(data).toHaveLength(2);
    for (const entry of data) expect(Object.keys(entry)).not.toEqual(expect.arrayContaining(["key", "hash"]));
    for (const secret of [original.key, rotated.key as string, old.hash, replacement.hash]) expect(listed.stdout).not.toContain(secret);
  });

  it("key create --test makes a test key of the property's twin (rotated as a test key too); key list shows both modes; property reset-test resets the twin", async () => {
    const db = database().db;
    const { id: propertyId, slug } = await property("pro");
    const test = json(await admin(["key", "create", slug, "--scope", "write", "--label", "Sandbox", "--test", "--json"]));
    expect(test).toEqual({ id: expect.stringMatching(/^key_/), key: expect.stringMatching(/^rbp_test_[0-9A-Za-z]{38}$/), hint: expect.stringMatching(/^rbp_test_/), scope: "write" });
    const twin = await db.property.findUniqueOrThrow({ where: { livePropertyId: propertyId } });
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: test.id as string } })).toMatchObject({ propertyId: twin.id, hash: sha256(test.key as string) });
    const rotated = json(await admin(["key", "rotate", test.id as string, "--json"]));
    expect(rotated.key).toMatch(/^rbp_test_/);
    await createApiKey(db, { propertyId, scope: "read", label: "Live", actor: ADMIN_CLI_ACTOR });
    const listed = json(await admin(["key", "list", slug, "--json"])).data as Record<string, unknown>[];
    expect(listed.map((k) => [k.label, k.mode, k.status])).toEqual([
      ["Live", "live", "active"],
      ["Sandbox", "test", "active"],
      ["Sandbox", "test", "rotated"],
    ]);
    // The twin is never listed or named as a property of its own.
    expect((json(await admin(["property", "list", "--json"])).data as { id: string }[]).some((p) => p.id === twin.id)).toBe(false);
    expect(failure(await admin(["property", "reset-test", twin.slug]), 2)).toContain("slug");

    expect(json(await admin(["property", "reset-test", slug, "--json"]))).toEqual({ property: slug, bookingsDeleted: 0 });
    expect(await db.auditEvent.count({ where: { propertyId: twin.id, action: "test_data_reset", actorLabel: "admin CLI" } })).toBe(1);
  });

  it("staff create generates a password that verifies, or takes one from --password-stdin", async () => {
    const db = database().db;
    const { id: propertyId, slug } = await property();
    const [generated, given] = await Promise.all([
      admin(["staff", "create", "Manager@Example.com", "--property", slug, "--json"]),
      admin(["staff", "create", "viewer@example.com", "--property", slug, "--role", "viewer", "--name", " Ana Costa ", "--password-stdin", "--json"], "correct horse battery\n"),
    ]);
    const manager = json(generated);
    expect(manager).toMatchObject({ id: expect.stringMatching(/^staff_/), email: "manager@example.com", password: expect.any(String) });
    const managerRow = await db.staffUser.findUniqueOrThrow({ where: { email: "manager@example.com" }, include: { memberships: true } });
    expect(await verifyPassword(manager.password as string, managerRow.passwordHash)).toBe(true);
    expect(managerRow.memberships).toEqual([expect.objectContaining({ propertyId, role: "admin" })]);

    const viewer = json(given);
    expect(viewer).toMatchObject({ email: "viewer@example.com" });
    expect(viewer).not.toHaveProperty("password");
    const viewerRow = await db.staffUser.findUniqueOrThrow({ where: { email: "viewer@example.com" }, include: { memberships: true } });
    expect(await verifyPassword("correct horse battery", viewerRow.passwordHash)).toBe(true);
    expect(viewerRow.memberships).toEqual([expect.objectContaining({ propertyId, role: "viewer" })]);
    expect([managerRow.name, viewerRow.name]).toEqual(["", "Ana Costa"]);
  });

  it("staff set-password --password-stdin sets the password and ends the sessions", async () => {
    const db = database().db;
    const { id: propertyId } = await property();
    const user = await createStaffUser(db, { email: "reset@example.com", propertyId, password: "old password 123" });
    await db.staffSession.create({ data: { id: newId("sess"), tokenHash: sha256(unique()), staffUserId: user.id, expiresAt: new Date(Date.now() + 3_600_000) } });

    const result = json(await admin(["staff", "set-password", "reset@example.com", "--password-stdin", "--json"], "new password 456\n"));
    expect(result).toEqual({ id: user.id, email: "reset@example.com" });
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("new password 456", row.passwordHash)).toBe(true);
    expect(await verifyPassword("old password 123", row.passwordHash)).toBe(false);
    expect(await db.staffSession.count({ where: { staffUserId: user.id } })).toBe(0);
  });

  it("staff reset-second-factor removes a member's codes and sessions (the last admin's way back in), audited as the admin CLI", async () => {
    const db = database().db;
    const { id: propertyId, slug } = await property();
    const user = await createStaffUser(db, { email: "lost.phone@example.com", propertyId, password: "old password 123" });
    await db.staffUser.update({ where: { id: user.id }, data: { totpSecret: "v1.sealed", totpEnabledAt: new Date() } });
    await db.staffRecoveryCode.create({ data: { id: newId("rcv"), staffUserId: user.id, codeHash: sha256("abcde12345") } });
    await db.staffSession.create({ data: { id: newId("sess"), tokenHash: sha256(unique()), staffUserId: user.id, expiresAt: new Date(Date.now() + 3_600_000) } });

    const result = json(await admin(["staff", "reset-second-factor", "Lost.Phone@example.com", "--property", slug, "--json"]));
    expect(result).toEqual({ id: user.id, email: "lost.phone@example.com", passkeys: 0, codes: true, endedSessions: 1 });
    expect(await db.staffUser.findUniqueOrThrow({ where: { id: user.id }, select: { totpSecret: true } })).toEqual({ totpSecret: null });
    expect(await db.staffRecoveryCode.count({ where: { staffUserId: user.id } })).toBe(0);
    expect(await db.auditEvent.findFirst({ where: { propertyId, action: "second_factor_reset" } })).toMatchObject({ actorLabel: "admin CLI" });
    expect(await db.staffEmail.count({ where: { staffUserId: user.id, kind: "second_factor_reset" } })).toBe(1);
    expect(failure(await admin(["staff", "reset-second-factor", "nobody@example.com", "--property", slug, "--json"]), 1)).toContain("no staff account");
  });

  it("bad arguments exit 2 with one line on stderr and write nothing", async () => {
    const db = database().db;
    const { slug } = await property();
    const counts = () => Promise.all([db.property.count(), db.apiKey.count(), db.staffUser.count()]);
    const before = await counts();
    const [missing, unknownOption, shortPassword] = await Promise.all([
      admin(["property", "create", "--name", "X", "--json"]),
      admin(["key", "create", slug, "--scope", "read", "--expires", "tomorrow", "--json"]),
      admin(["staff", "create", "new@example.com", "--property", slug, "--password-stdin"], "short\n"),
    ]);
    const longName = await admin(["staff", "create", "named@example.com", "--property", slug, "--name", "x".repeat(101)]);
    expect(failure(longName, 2)).toMatch(/^error: staff create: --name: A name is at most 100 characters\./);
    expect(failure(missing, 2)).toMatch(/^error: property create: missing --timezone \(usage: npm run admin -- property create /);
    expect(failure(unknownOption, 2)).toContain("unknown option --expires");
    expect(failure(shortPassword, 2)).toContain("at least 10 characters");
    expect(await counts()).toEqual(before);
  });

  it("help lists every command", async () => {
    const help = await admin(["help"]);
    expect(help.code).toBe(0);
    for (const command of COMMANDS) expect(help.stdout).toContain(command.usage);
  });
});
