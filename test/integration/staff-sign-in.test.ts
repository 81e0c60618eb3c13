import { describe, expect, it } from "vitest";
import { createRateLimiter } from "@/lib/rate-limit/create-rate-limiter";
import { setOwnName } from "@/lib/staff/set-own-name";
import { setStaffPassword } from "@/lib/staff/set-staff-password";
import { signIn } from "@/lib/staff/sign-in";
import { endOwnSessions, endStaffSession, findStaffSession, listStaffSessions, SESSION_DAYS } from "@/lib/staff/staff-sessions";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();
const limiter = () => createRateLimiter({ backend: "memory" });

async function staffMember(email: string) {
  const { property } = await seedProperty(database().db, { name: "Panel Hotel" });
  await seedStaff(database().db, property.id, { email, role: "admin", password: "correct horse battery" });
  return property;
}

describe("staff sign-in and sessions", () => {
  it("opens a session for the right password, held only as a hash, that knows the staff member's properties", async () => {
    const property = await staffMember("ana@hotel.example");
    const result = await signIn(database().db, limiter(), { email: " Ana@Hotel.example ", password: "correct horse battery", clientAddress: "203.0.113.1" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const stored = await database().db.staffSession.findMany({ where: { staffUserId: result.staffUserId } });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(result.token);
    const staff = await findStaffSession(database().db, result.token);
    expect(staff).toMatchObject({ email: "ana@hotel.example", memberships: [{ propertyId: property.id, role: "admin" }] });
  });

  it("keeps where each session was signed in from and when it was last used; a member ends their own sessions only", async () => {
    await staffMember("cleo@hotel.example");
    await staffMember("dora@hotel.example");
    const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
    const at = new Date("2026-11-27T10:00:00Z");
    const sign = async (email: string, clientAddress: string, now = at) => {
      const result = await signIn(database().db, limiter(), { email, password: "correct horse battery", clientAddress, userAgent: chrome, now });
      if (!result.ok) throw new Error("not signed in");
      return result;
    };
    const desk = await sign("cleo@hotel.example", "203.0.113.7");
    const phone = await sign("cleo@hotel.example", "unknown", new Date("2026-11-27T10:05:00Z"));
    const dora = await sign("dora@hotel.example", "203.0.113.9");
    const { db } = database();
    const listed = await listStaffSessions(db, desk.staffUserId, at);
    expect(listed.map((row) => [row.ipAddress, row.userAgent, row.lastActiveAt.toISOString()])).toEqual([
      [null, chrome, "2026-11-27T10:05:00.000Z"],
      ["203.0.113.7", chrome, "2026-11-27T10:00:00.000Z"],
    ]);
    // Used again within the minute: not written; a minute later: written.
    await findStaffSession(db, desk.token, new Date("2026-11-27T10:00:59Z"));
    expect((await listStaffSessions(db, desk.staffUserId, at)).find((row) => row.ipAddress)!.lastActiveAt.toISOString()).toBe("2026-11-27T10:00:00.000Z");
    await findStaffSession(db, desk.token, new Date("2026-11-27T10:07:00Z"));
    expect((await listStaffSessions(db, desk.staffUserId, at))[0]!.ipAddress).toBe("203.0.113.7");

    const doraSession = (await listStaffSessions(db, dora.staffUserId, at))[0]!;
    expect(await endOwnSessions(db, { staffUserId: desk.staffUserId, sessionId: doraSession.id })).toBe(0);
    expect(await findStaffSession(db, dora.token, at)).not.toBeNull();
    const deskSession = await findStaffSession(db, desk.token, at);
    expect(await endOwnSessions(db, { staffUserId: desk.staffUserId, keepSessionId: deskSession!.sessionId })).toBe(1);
    expect(await findStaffSession(db, phone.token, at)).toBeNull();
    expect(await findStaffSession(db, desk.token, at)).not.toBeNull();
  });

  it("answers a wrong e-mail and a wrong password alike", async () => {
    await staffMember("bea@hotel.example");
    const wrongPassword = await signIn(database().db, limiter(), { email: "bea@hotel.example", password: "wrong password!", clientAddress: "203.0.113.2" });
    const wrongEmail = await signIn(database().db, limiter(), { email: "nobody@hotel.example", password: "correct horse battery", clientAddress: "203.0.113.2" });
    expect(wrongPassword).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(wrongEmail).toEqual(wrongPassword);
  });

  it("limits repeated attempts per account, even from many addresses, and per address", async () => {
    await staffMember("cai@hotel.example");
    const shared = limiter();
    for (let i = 0; i < 10; i++) {
      const attempt = await signIn(database().db, shared, { email: "cai@hotel.example", password: `guess ${i} guess`, clientAddress: `198.51.100.${i}` });
      expect(attempt).toEqual({ ok: false, reason: "invalid_credentials" });
    }
    const blocked = await signIn(database().db, shared, { email: "cai@hotel.example", password: "correct horse battery", clientAddress: "198.51.100.99" });
    expect(blocked).toMatchObject({ ok: false, reason: "too_many_attempts" });
    expect(blocked.ok === false && blocked.reason === "too_many_attempts" && blocked.retryAfterSeconds).toBeGreaterThan(0);

    const fromOneAddress = limiter();
    let last;
    for (let i = 0; i < 31; i++) last = await signIn(database().db, fromOneAddress, { email: `user${i}@hotel.example`, password: "whatever whatever", clientAddress: "192.0.2.77" });
    expect(last).toMatchObject({ ok: false, reason: "too_many_attempts" });
  });

  it("ends a session on sign-out, on a password change, and after its lifetime", async () => {
    await staffMember("dan@hotel.example");
    const open = async () => {
      const result = await signIn(database().db, limiter(), { email: "dan@hotel.example", password: "correct horse battery", clientAddress: "203.0.113.4" });
      if (!result.ok) throw new Error("sign-in failed");
      return result.token;
    };
    const first = await open();
    await endStaffSession(database().db, first);
    expect(await findStaffSession(database().db, first)).toBeNull();

    const second = await open();
    const later = new Date(Date.now() + (SESSION_DAYS * 86_400_000 + 1_000));
    expect(await findStaffSession(database().db, second, later)).toBeNull();

    const third = await open();
    expect(await findStaffSession(database().db, third)).not.toBeNull();
    await setStaffPassword(database().db, { email: "dan@hotel.example", password: "a brand new password" });
    expect(await findStaffSession(database().db, third)).toBeNull();
    expect(await findStaffSession(database().db, "not-a-token")).toBeNull();
  });

  it("sets a staff member's own name, trimmed, refusing what is not a name, and the session shows it", async () => {
    await staffMember("eve@hotel.example");
    const signedIn = await signIn(database().db, limiter(), { email: "eve@hotel.example", password: "correct horse battery", clientAddress: "203.0.113.9" });
    if (!signedIn.ok) throw new Error("expected a session");
    expect(await findStaffSession(database().db, signedIn.token)).toMatchObject({ name: "" });
    expect(await setOwnName(database().db, { staffUserId: signedIn.staffUserId, name: "  Eve Moreau " })).toBe("Eve Moreau");
    expect(await findStaffSession(database().db, signedIn.token)).toMatchObject({ name: "Eve Moreau" });
    await expect(setOwnName(database().db, { staffUserId: signedIn.staffUserId, name: "x".repeat(101) })).rejects.toThrow("at most 100 characters");
    await expect(setOwnName(database().db, { staffUserId: signedIn.staffUserId, name: "Eve\u0000" })).rejects.toThrow("control characters");
    expect((await database().db.staffUser.findUniqueOrThrow({ where: { id: signedIn.staffUserId } })).name).toBe("Eve Moreau");
  });
});
