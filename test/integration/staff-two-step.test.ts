import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/clock";
import { createSecretBox } from "@/lib/secrets/secret-box";
import { resetSecondFactor } from "@/lib/staff/reset-second-factor";
import { completeSecondStep, findSecondStep } from "@/lib/staff/second-step-sign-in";
import { signIn } from "@/lib/staff/sign-in";
import { findStaffSession } from "@/lib/staff/staff-sessions";
import { confirmTwoStepCodes, pendingTwoStepSetup, renewRecoveryCodes, startTwoStepSetup, turnOffTwoStepCodes } from "@/lib/staff/two-step-codes";
import { mustSetUpSecondFactor, setTwoStepRequirement } from "@/lib/staff/two-step-requirement";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { everyStoredRow, staffMailbox } from "../support/staff-mail";
import { TEST_SESSION_SECRET } from "../support/test-worker";

const database = setupTestDatabase();
const box = createSecretBox(TEST_SESSION_SECRET, "staff-totp-secrets");
const PASSWORD = "correct horse battery";

/** A code from the app for `secret` (text as shown, with spaces) at `now`. */
function appCode(secret: string, now: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")), period: 30, digits: 6 }).generate({ timestamp: now.getTime() });
}

async function teamOf(...emails: string[]) {
  const { property } = await seedProperty(database().db, { name: "Two-Step Hotel" });
  const members = [];
  for (const [i, email] of emails.entries()) members.push(await seedStaff(database().db, property.id, { email, role: i === 0 ? "admin" : "viewer", password: PASSWORD }));
  return { property, members };
}

/** Turns codes on for a member at `now`: the secret shown and the recovery codes. */
async function turnOnCodes(staffUserId: string, now: Date) {
  await startTwoStepSetup(database().db, { staffUserId, box });
  const setup = (await pendingTwoStepSetup(database().db, { staffUserId, box }))!;
  const recoveryCodes = await confirmTwoStepCodes(database().db, { staffUserId, code: appCode(setup.secret, now), box, now });
  return { secret: setup.secret, otpauthUri: setup.otpauthUri, recoveryCodes };
}

const password = (email: string, now: Date, pass = PASSWORD) => signIn(database().db, { email, password: pass, clientAddress: "203.0.113.5", now });
const code = (pendingToken: string, typed: string, now: Date) => completeSecondStep(database().db, { pendingToken, code: typed, clientAddress: "203.0.113.5", box, now });

describe("two-step sign-in", () => {
  it("turns codes on with a code from the shown secret, keeps the secret sealed, and gives ten recovery codes once", async () => {
    const { members } = await teamOf("ana@two.test");
    const now = new Date("2026-11-28T09:00:00Z");
    await startTwoStepSetup(database().db, { staffUserId: members[0]!.id, box });
    const setup = (await pendingTwoStepSetup(database().db, { staffUserId: members[0]!.id, box }))!;
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Room%20Booking:ana%40two\.test\?issuer=Room%20Booking&secret=[A-Z2-7]{32}&/);
    await expect(confirmTwoStepCodes(database().db, { staffUserId: members[0]!.id, code: "000000", box, now })).rejects.toThrow("not the one your app shows");
    const recoveryCodes = await confirmTwoStepCodes(database().db, { staffUserId: members[0]!.id, code: appCode(setup.secret, now), box, now });
    expect(recoveryCodes).toHaveLength(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await everyStoredRow(database().db);
    expect(stored).not.toContain(setup.secret.replace(/\s+/g, ""));
    for (const recovery of recoveryCodes) expect(stored).not.toContain(recovery);
    expect(await pendingTwoStepSetup(database().db, { staffUserId: members[0]!.id, box })).toBeNull();
  });

  it("asks for a code after the password; a code works once, a recovery code once; a wrong password and a wrong code answer alike", async () => {
    const { members } = await teamOf("bea@two.test");
    const on = new Date("2026-11-28T10:00:00Z");
    const { secret, recoveryCodes } = await turnOnCodes(members[0]!.id, on);
    const now = new Date(on.getTime() + 120_000);

    // The password alone opens nothing: the second step follows, right password or not.
    const right = await password("bea@two.test", now);
    const wrong = await password("bea@two.test", now, "not the password");
    if (right.ok || right.reason !== "second_step" || wrong.ok || wrong.reason !== "second_step") throw new Error("expected the second step both times");
    expect(await findSecondStep(database().db, right.pendingToken, now)).toEqual({ codes: true });
    // The right code after the wrong password: refused like a wrong code.
    expect(await code(wrong.pendingToken, appCode(secret, now), now)).toEqual({ ok: false, reason: "invalid_credentials" });
    const signedIn = await code(right.pendingToken, appCode(secret, now), now);
    expect(signedIn).toMatchObject({ ok: true });
    expect(await findStaffSession(database().db, signedIn.ok ? signedIn.token : "", now)).toMatchObject({ email: "bea@two.test", twoStep: { hasSecondFactor: true, required: false } });
    // The step is used up, and the same code does not work twice.
    expect(await code(right.pendingToken, appCode(secret, now), now)).toEqual({ ok: false, reason: "expired" });
    const again = await password("bea@two.test", now);
    if (again.ok || again.reason !== "second_step") throw new Error("expected the second step");
    expect(await code(again.pendingToken, appCode(secret, now), now)).toEqual({ ok: false, reason: "invalid_credentials" });

    // A recovery code, in capitals and without its dash, once.
    const recovery = recoveryCodes[3]!;
    const withRecovery = await password("bea@two.test", now);
    if (withRecovery.ok || withRecovery.reason !== "second_step") throw new Error("expected the second step");
    expect(await code(withRecovery.pendingToken, recovery.replace("-", "").toUpperCase(), now)).toMatchObject({ ok: true });
    const recoveryAgain = await password("bea@two.test", now);
    if (recoveryAgain.ok || recoveryAgain.reason !== "second_step") throw new Error("expected the second step");
    expect(await code(recoveryAgain.pendingToken, recovery, now)).toEqual({ ok: false, reason: "invalid_credentials" });

    // The step waits five minutes.
    const late = await password("bea@two.test", now);
    if (late.ok || late.reason !== "second_step") throw new Error("expected the second step");
    const later = new Date(now.getTime() + 5 * 60_000);
    expect(await code(late.pendingToken, appCode(secret, later), later)).toEqual({ ok: false, reason: "expired" });
  });

  it("renews recovery codes after the password (the old stop working) and turns codes off after it", async () => {
    const { members } = await teamOf("ivy@two.test");
    const on = new Date("2026-11-28T14:00:00Z");
    const { recoveryCodes } = await turnOnCodes(members[0]!.id, on);
    await expect(renewRecoveryCodes(database().db, { staffUserId: members[0]!.id, password: "not my password" })).rejects.toThrow("That is not your password.");
    const renewed = await renewRecoveryCodes(database().db, { staffUserId: members[0]!.id, password: PASSWORD });
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    const now = new Date(on.getTime() + 60_000);
    const viaOld = await password("ivy@two.test", now);
    if (viaOld.ok || viaOld.reason !== "second_step") throw new Error("expected the second step");
    expect(await code(viaOld.pendingToken, recoveryCodes[0]!, now)).toEqual({ ok: false, reason: "invalid_credentials" });
    const viaNew = await password("ivy@two.test", now);
    if (viaNew.ok || viaNew.reason !== "second_step") throw new Error("expected the second step");
    expect(await code(viaNew.pendingToken, renewed[0]!, now)).toMatchObject({ ok: true });
    await expect(turnOffTwoStepCodes(database().db, { staffUserId: members[0]!.id, password: "not my password" })).rejects.toThrow("That is not your password.");
    await turnOffTwoStepCodes(database().db, { staffUserId: members[0]!.id, password: PASSWORD });
    expect(await password("ivy@two.test", now)).toMatchObject({ ok: true });
    expect(await database().db.staffRecoveryCode.count({ where: { staffUserId: members[0]!.id } })).toBe(0);
  });

  it("counts wrong codes with wrong passwords: the sixth failure waits, whatever is typed", async () => {
    const { members } = await teamOf("cai@two.test");
    const now = new Date("2026-11-28T11:00:00Z");
    const { secret } = await turnOnCodes(members[0]!.id, now);
    for (let i = 0; i < 5; i++) {
      const step = await password("cai@two.test", now);
      if (step.ok || step.reason !== "second_step") throw new Error("expected the second step");
      expect(await code(step.pendingToken, "123456", now)).toEqual({ ok: false, reason: "invalid_credentials" });
    }
    expect(await password("cai@two.test", now)).toMatchObject({ ok: false, reason: "too_many_attempts" });
    expect(appCode(secret, now)).toMatch(/^\d{6}$/);
  });

  it("requires a second factor of a team: members without one must set it up; the last one cannot be turned off", async () => {
    const { property, members } = await teamOf("dora@two.test", "eli@two.test");
    const now = new Date("2026-11-28T12:00:00Z");
    const admin = { staffId: members[0]!.id, label: "dora@two.test" };
    await expect(setTwoStepRequirement(database().db, { propertyId: property.id, required: true, actor: admin })).rejects.toThrow("Set up your own passkey or two-step codes first");
    await turnOnCodes(members[0]!.id, now);
    expect(await setTwoStepRequirement(database().db, { propertyId: property.id, required: true, actor: admin })).toEqual({ changed: true, membersWithout: 1 });
    expect(await setTwoStepRequirement(database().db, { propertyId: property.id, required: true, actor: admin })).toEqual({ changed: false, membersWithout: 1 });
    const eli = await password("eli@two.test", now);
    if (!eli.ok) throw new Error("a member without a second factor signs in with the password, to set one up");
    const session = (await findStaffSession(database().db, eli.token, now))!;
    expect(mustSetUpSecondFactor(session.twoStep)).toBe(true);
    await turnOnCodes(members[1]!.id, now);
    expect(mustSetUpSecondFactor((await findStaffSession(database().db, eli.token, now))!.twoStep)).toBe(false);
    await expect(turnOffTwoStepCodes(database().db, { staffUserId: members[1]!.id, password: PASSWORD })).rejects.toThrow("Your team requires two-step sign-in");
    expect((await database().db.auditEvent.findMany({ where: { propertyId: property.id, action: "two_step_required" } })).map((e) => e.details)).toEqual([{ membersWithoutSecondFactor: 1 }]);
    await setTwoStepRequirement(database().db, { propertyId: property.id, required: false, actor: admin });
    await turnOffTwoStepCodes(database().db, { staffUserId: members[1]!.id, password: PASSWORD });
    expect(await password("eli@two.test", now)).toMatchObject({ ok: true });
  });

  it("lets an admin reset a member's second factor: codes gone, signed out, audited, e-mailed; not their own, not another hotel's", async () => {
    const { property, members } = await teamOf("fay@two.test", "gil@two.test");
    const other = await teamOf("hal@two.test");
    const now = new Date("2026-11-28T13:00:00Z");
    const { secret } = await turnOnCodes(members[1]!.id, new Date(now.getTime() - 60_000));
    const step = await password("gil@two.test", now);
    if (step.ok || step.reason !== "second_step") throw new Error("expected the second step");
    const session = await code(step.pendingToken, appCode(secret, now), now);
    if (!session.ok) throw new Error("expected a session");
    const admin = { staffId: members[0]!.id, label: "fay@two.test" };

    await expect(resetSecondFactor(database().db, { propertyId: property.id, staffUserId: members[0]!.id, actor: admin })).rejects.toThrow("Reset your own");
    await expect(resetSecondFactor(database().db, { propertyId: property.id, staffUserId: other.members[0]!.id, actor: admin })).rejects.toThrow("No such member");
    expect(await resetSecondFactor(database().db, { propertyId: property.id, staffUserId: members[1]!.id, actor: admin })).toMatchObject({ codes: true, passkeys: 0, endedSessions: 1 });
    expect(await findStaffSession(database().db, session.token, now)).toBeNull();
    expect(await password("gil@two.test", now)).toMatchObject({ ok: true });
    expect(await database().db.staffRecoveryCode.count({ where: { staffUserId: members[1]!.id } })).toBe(0);
    const audit = await database().db.auditEvent.findFirstOrThrow({ where: { propertyId: property.id, action: "second_factor_reset" } });
    expect(audit).toMatchObject({ actorLabel: "fay@two.test", details: { email: "gil@two.test", codes: true, passkeys: 0, endedSessions: 1 } });

    const mail = staffMailbox(database().db);
    await mail.deliver(fixedClock(now));
    const notice = mail.sent.find((message) => message.to === "gil@two.test")!;
    expect(notice.subject).toBe("Your two-step sign-in was reset");
    expect(notice.text).toContain("fay@two.test, an admin of Two-Step Hotel, reset the two-step sign-in of the control panel account gil@two.test");
    expect(notice.text).toContain("Sign in: https://panel.test/login");
    expect(notice.from).toContain("Two-Step Hotel");
  });
});
