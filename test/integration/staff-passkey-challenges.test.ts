import { describe, expect, it } from "vitest";
import { addPasskey, CHALLENGE_MINUTES, passkeyRegistrationOptions, passkeySignInOptions, relyingPartyOf, signInWithPasskey } from "@/lib/staff/passkeys";
import { seedProperty, seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();
const rp = relyingPartyOf("https://panel.example.com/");

/** A browser's answer naming `challenge` for `origin`, with nothing an authenticator signed (the rest is checked after the challenge). */
function answer(challenge: string, type: "webauthn.create" | "webauthn.get", origin = rp.origin) {
  const clientDataJSON = Buffer.from(JSON.stringify({ type, challenge, origin })).toString("base64url");
  return { id: "AAAA", rawId: "AAAA", type: "public-key", clientExtensionResults: {}, response: { clientDataJSON, attestationObject: "AAAA", authenticatorData: "AAAA", signature: "AAAA" } } as never;
}

describe("passkey challenges", () => {
  it("take the relying party from the public address, last five minutes, and are used once whatever the answer", async () => {
    expect(rp).toEqual({ id: "panel.example.com", origin: "https://panel.example.com", name: "Room Booking control panel" });
    const { property } = await seedProperty(database().db, { name: "Challenge Hotel" });
    const staff = await seedStaff(database().db, property.id, { email: "kim@challenge.test", password: "correct horse battery" });
    const now = new Date("2026-11-28T09:00:00Z");
    const options = await passkeyRegistrationOptions(database().db, { staffUserId: staff.id, email: "kim@challenge.test", name: "", rp, now });
    expect(options.rp).toEqual({ id: "panel.example.com", name: "Room Booking control panel" });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    const row = await database().db.webauthnChallenge.findUniqueOrThrow({ where: { challenge: options.challenge } });
    expect(row).toMatchObject({ purpose: "register", staffUserId: staff.id, expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000) });

    // An answer naming it is refused (nothing signed), and the challenge is gone: no second try with it.
    await expect(addPasskey(database().db, { staffUserId: staff.id, name: "Desk", response: answer(options.challenge, "webauthn.create"), rp, now })).rejects.toThrow("did not check out");
    expect(await database().db.webauthnChallenge.count({ where: { challenge: options.challenge } })).toBe(0);

    // A sign-in challenge names no account, and an expired one is swept when the next is made.
    const signIn = await passkeySignInOptions(database().db, { rp, now });
    expect(await database().db.webauthnChallenge.findUniqueOrThrow({ where: { challenge: signIn.challenge } })).toMatchObject({ purpose: "sign_in", staffUserId: null });
    const later = new Date(now.getTime() + (CHALLENGE_MINUTES * 60_000 + 1));
    await passkeySignInOptions(database().db, { rp, now: later });
    expect(await database().db.webauthnChallenge.count({ where: { challenge: signIn.challenge } })).toBe(0);
    expect(await signInWithPasskey(database().db, { response: answer(signIn.challenge, "webauthn.get"), rp, now: later })).toEqual({ ok: false });
  });

  it("are used up by a sign-in with a passkey nobody added, as by any other refused answer", async () => {
    const now = new Date("2026-11-28T09:00:00Z");
    const signIn = await passkeySignInOptions(database().db, { rp, now });
    expect(await signInWithPasskey(database().db, { response: answer(signIn.challenge, "webauthn.get"), rp, now })).toEqual({ ok: false });
    expect(await database().db.webauthnChallenge.count({ where: { challenge: signIn.challenge } })).toBe(0);
  });
});
