import { describe, expect, it } from "vitest";
import { setOwnName } from "@/lib/staff/set-own-name";
import { setStaffPassword } from "@/lib/staff/set-staff-password";
import { signIn } from "@/lib/staff/sign-in";
import { SIGN_IN_THROTTLE, tooManyAttemptsMessage } from "@/lib/staff/sign-in-throttle";
import { endOwnSessions, endStaffSession, findStaffSession, listStaffSessions, SESSION_DAYS } from "@/lib/staff/staff-sessions";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

async function staffMember(email: string) {
  const { property } = await seedProperty(database().db, { name: "Panel Hotel" });
  await seedStaff(database().db, property.id, { email, role: "admin", password: "correct horse battery" });
  return property;
}

describe("staff sign-in and sessions", () => {
  it("opens a session for the right password, held only as a hash, that knows the staff member's properties", async () => {
    const property = await staffMember("ana@hotel.example");
    const result = await signIn(database().db, { email: " Ana@Hotel.example ", password: "correct horse battery", clientAddress: "203.0.113.1" });
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
      const result = await signIn(database().db, { email, password: "correct horse battery", clientAddress, userAgent: chrome, now });
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
    const wrongPassword = await signIn(database().db, { email: "bea@hotel.example", password: "wrong password!", clientAddress: "203.0.113.2" });
    const wrongEmail = await signIn(database().db, { email: "nobody@hotel.example", password: "correct horse battery", clientAddress: "203.0.113.2" });
    expect(wrongPassword).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(wrongEmail).toEqual(wrongPassword);
  });

  it("refuses the sixth wrong password in the window, even with the right one, says the wait, audits it, and recovers after it", async () => {
    const property = await staffMember("cai@hotel.example");
    const start = new Date("2026-11-28T09:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const attempt = (password: string, seconds: number, clientAddress = `198.51.100.${seconds}`) =>
      signIn(database().db, { email: "cai@hotel.example", password, clientAddress, now: at(seconds) });
    // Five wrong passwords in a minute, from five addresses.
    for (let i = 0; i < SIGN_IN_THROTTLE.perAccount; i++) expect(await attempt(`guess ${i} guess`, i * 10)).toEqual({ ok: false, reason: "invalid_credentials" });
    // The sixth is refused unchecked, the right password too, with the wait (to the first failure's window end).
    const blocked = await attempt("correct horse battery", 60, "198.51.100.99");
    expect(blocked).toEqual({ ok: false, reason: "too_many_attempts", retryAfterSeconds: 900 - 60 });
    expect(tooManyAttemptsMessage(840)).toBe("Too many failed attempts. Try again in 14 minutes.");
    // Audited once, on the account's property: when, from where, until when.
    const audits = await database().db.auditEvent.findMany({ where: { propertyId: property.id, action: "sign_in_throttled" } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorLabel: "cai@hotel.example", details: { email: "cai@hotel.example", clientAddress: "198.51.100.40", failures: 5, until: at(900).toISOString() } });
    // Still refused just before the first failure leaves the window; the right password works once it has.
    expect(await attempt("correct horse battery", 899)).toMatchObject({ ok: false, reason: "too_many_attempts", retryAfterSeconds: 1 });
    expect(await attempt("correct horse battery", 900)).toMatchObject({ ok: true });
    // A success clears the account's count: five more wrong ones before the next wait.
    for (let i = 0; i < 4; i++) expect(await attempt(`again ${i} again`, 901 + i)).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await attempt("correct horse battery", 910)).toMatchObject({ ok: true });
  });

  it("limits failures per address across accounts, known or not", async () => {
    const start = new Date("2026-11-28T10:00:00Z");
    let last;
    for (let i = 0; i <= SIGN_IN_THROTTLE.perAddress; i++) {
      last = await signIn(database().db, { email: `user${i}@hotel.example`, password: "whatever whatever", clientAddress: "192.0.2.77", now: new Date(start.getTime() + i * 1000) });
    }
    expect(last).toMatchObject({ ok: false, reason: "too_many_attempts" });
    expect(await signIn(database().db, { email: "user99@hotel.example", password: "whatever whatever", clientAddress: "192.0.2.78", now: start })).toEqual({ ok: false, reason: "invalid_credentials" });
  });

  it("lets parallel guesses past the limit none the less: five checked, the rest refused", async () => {
    await staffMember("par@hotel.example");
    const now = new Date("2026-11-28T11:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(database().db, { email: "par@hotel.example", password: `parallel ${i} guess`, clientAddress: `203.0.113.${i}`, now })),
    );
    expect(results.filter((r) => !r.ok && r.reason === "invalid_credentials")).toHaveLength(SIGN_IN_THROTTLE.perAccount);
    expect(results.filter((r) => !r.ok && r.reason === "too_many_attempts")).toHaveLength(12 - SIGN_IN_THROTTLE.perAccount);
  });

  it("ends a session on sign-out, on a password change, and after its lifetime", async () => {
    await staffMember("dan@hotel.example");
    const open = async () => {
      const result = await signIn(database().db, { email: "dan@hotel.example", password: "correct horse battery", clientAddress: "203.0.113.4" });
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
    const signedIn = await signIn(database().db, { email: "eve@hotel.example", password: "correct horse battery", clientAddress: "203.0.113.9" });
    if (!signedIn.ok) throw new Error("expected a session");
    expect(await findStaffSession(database().db, signedIn.token)).toMatchObject({ name: "" });
    expect(await setOwnName(database().db, { staffUserId: signedIn.staffUserId, name: "  Eve Moreau " })).toBe("Eve Moreau");
    expect(await findStaffSession(database().db, signedIn.token)).toMatchObject({ name: "Eve Moreau" });
    await expect(setOwnName(database().db, { staffUserId: signedIn.staffUserId, name: "x".repeat(101) })).rejects.toThrow("at most 100 characters");
    await expect(setOwnName(database().db, { staffUserId: signedIn.staffUserId, name: "Eve\u0000" })).rejects.toThrow("control characters");
    expect((await database().db.staffUser.findUniqueOrThrow({ where: { id: signedIn.staffUserId } })).name).toBe("Eve Moreau");
  });
});
