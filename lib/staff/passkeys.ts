import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON } from "@simplewebauthn/server/helpers";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { createStaffSession, type SessionClient } from "./staff-sessions";
import { secondFactorStillRequired } from "./two-step-requirement";

/**
 * Passkeys (WebAuthn discoverable credentials) for the panel. Invariants:
 * - the relying party is the panel's public address (PUBLIC_BASE_URL): its host is the RP id
 *   and its origin the only one accepted, so a passkey made for this panel works nowhere else;
 * - every ceremony has a challenge of ours, used once (deleted as it is checked) and only
 *   within CHALLENGE_MINUTES; a sign-in challenge names no account (the passkey does);
 * - user verification (the device's PIN or biometrics) is required: a passkey is both factors,
 *   so no code is asked after it;
 * - the signature counter must move forward when the authenticator keeps one (a cloned key
 *   shows an old counter), checked by the library and written under the row's old value;
 * - a member names each passkey, sees when it was last used, and removes it (not the last second
 *   factor of a member whose team requires one).
 */
export const CHALLENGE_MINUTES = 5;
const PASSKEY_NAME_MAX = 60;

export type RelyingParty = { id: string; origin: string; name: string };

/** The relying party of a panel reached at `publicBaseUrl`. */
export function relyingPartyOf(publicBaseUrl: string): RelyingParty {
  const url = new URL(publicBaseUrl);
  return { id: url.hostname, origin: url.origin, name: "Room Booking control panel" };
}

async function keepChallenge(db: Db, input: { challenge: string; purpose: "register" | "sign_in"; staffUserId: string | null; now: Date }): Promise<void> {
  // Old challenges are swept as new ones are made: the table holds minutes of them.
  await db.webauthnChallenge.deleteMany({ where: { expiresAt: { lt: input.now } } });
  await db.webauthnChallenge.create({
    data: { challenge: input.challenge, purpose: input.purpose, staffUserId: input.staffUserId, expiresAt: new Date(input.now.getTime() + CHALLENGE_MINUTES * 60_000), createdAt: input.now },
  });
}

/** Checks a challenge the browser signed and uses it up: true once, for a live challenge of this purpose (and account). */
function useChallenge(tx: Prisma.TransactionClient, input: { purpose: "register" | "sign_in"; staffUserId: string | null; now: Date }) {
  return async (challenge: string): Promise<boolean> => {
    const used = await tx.webauthnChallenge.deleteMany({ where: { challenge, purpose: input.purpose, staffUserId: input.staffUserId, expiresAt: { gt: input.now } } });
    return used.count === 1;
  };
}

/** The challenge a browser's answer names (in its client data); null when there is none to read. */
function signedChallenge(response: { response?: { clientDataJSON?: unknown } } | undefined): string | null {
  try {
    const { challenge } = decodeClientDataJSON(String(response?.response?.clientDataJSON ?? ""));
    return typeof challenge === "string" ? challenge : null;
  } catch {
    return null;
  }
}

/** Why a name is not a passkey's name; null when it is one. */
function passkeyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Name the passkey, so you know it later (\"Front desk PC\").";
  if (trimmed.length > PASSKEY_NAME_MAX) return `A passkey's name is at most ${PASSKEY_NAME_MAX} characters.`;
  return null;
}

/** The options for the browser's dialog that makes a new passkey for the member (their existing ones excluded). */
export async function passkeyRegistrationOptions(
  db: Db,
  input: { staffUserId: string; email: string; name: string; rp: RelyingParty; now?: Date },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.staffPasskey.findMany({ where: { staffUserId: input.staffUserId }, select: { credentialId: true, transports: true } });
  const options = await generateRegistrationOptions({
    rpName: input.rp.name,
    rpID: input.rp.id,
    userName: input.email,
    userDisplayName: input.name || input.email,
    userID: new TextEncoder().encode(input.staffUserId),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(db, { challenge: options.challenge, purpose: "register", staffUserId: input.staffUserId, now: input.now ?? new Date() });
  return options;
}

/** Keeps the passkey the browser made, under the member's name for it. Refused (invalid_argument) when it does not verify. */
export async function addPasskey(
  db: Db,
  input: { staffUserId: string; name: string; response: RegistrationResponseJSON; rp: RelyingParty; now?: Date },
): Promise<{ id: string; name: string }> {
  const problem = passkeyNameProblem(input.name);
  if (problem) throw new DomainError("invalid_argument", problem);
  const now = input.now ?? new Date();
  // Refusals are returned, not thrown, so the transaction commits: the challenge is used up whatever the answer.
  const added = await db.$transaction(async (tx): Promise<{ refused: string } | { id: string; name: string }> => {
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: useChallenge(tx, { purpose: "register", staffUserId: input.staffUserId, now }),
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      requireUserVerification: true,
    }).catch(() => ({ verified: false as const }));
    if (!verification.verified) return { refused: "The browser's answer did not check out (it took too long, or came from another site): try again." };
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    if (await tx.staffPasskey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) return { refused: "That passkey is already added." };
    const passkey = await tx.staffPasskey.create({
      data: {
        id: newId("pky"),
        staffUserId: input.staffUserId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        name: input.name.trim(),
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        createdAt: now,
      },
    });
    return { id: passkey.id, name: passkey.name };
  });
  if ("refused" in added) throw new DomainError("invalid_argument", added.refused);
  return added;
}

/** The options for "Sign in with a passkey": no account named (the browser offers this site's passkeys). */
export async function passkeySignInOptions(db: Db, input: { rp: RelyingParty; now?: Date }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: input.rp.id, userVerification: "required", timeout: CHALLENGE_MINUTES * 60_000 });
  await keepChallenge(db, { challenge: options.challenge, purpose: "sign_in", staffUserId: null, now: input.now ?? new Date() });
  return options;
}

export type PasskeySignIn = { ok: true; token: string; expiresAt: Date; staffUserId: string } | { ok: false };

/** Signs in with a passkey: a session for its member when the browser's answer verifies; one refusal whatever failed. */
export async function signInWithPasskey(
  db: Db,
  input: { response: AuthenticationResponseJSON; rp: RelyingParty; client?: SessionClient; now?: Date },
): Promise<PasskeySignIn> {
  const now = input.now ?? new Date();
  const credentialId = typeof input.response?.id === "string" ? input.response.id.slice(0, 1400) : "";
  const staffUserId = await db.$transaction(async (tx) => {
    const passkey = credentialId ? await tx.staffPasskey.findUnique({ where: { credentialId } }) : null;
    if (!passkey) {
      // A passkey nobody added (removed, or another site's) uses up the challenge it answered too.
      const challenge = signedChallenge(input.response);
      if (challenge) await useChallenge(tx, { purpose: "sign_in", staffUserId: null, now })(challenge);
      return null;
    }
    const verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: useChallenge(tx, { purpose: "sign_in", staffUserId: null, now }),
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: Number(passkey.counter), transports: passkey.transports },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) return null;
    const moved = await tx.staffPasskey.updateMany({
      where: { id: passkey.id, counter: passkey.counter },
      data: { counter: BigInt(verification.authenticationInfo.newCounter), lastUsedAt: now, backedUp: verification.authenticationInfo.credentialBackedUp },
    });
    return moved.count === 1 ? passkey.staffUserId : null;
  });
  if (!staffUserId) return { ok: false };
  // A passkey is both factors: whatever failures were counted against the account end here.
  const { email } = await db.staffUser.findUniqueOrThrow({ where: { id: staffUserId }, select: { email: true } });
  await db.staffSignInFailure.deleteMany({ where: { email } });
  const session = await createStaffSession(db, staffUserId, now, input.client);
  return { ok: true, ...session, staffUserId };
}

export type PasskeyRow = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; synced: boolean };

/** The member's passkeys, oldest first. */
export async function listPasskeys(db: Db, staffUserId: string): Promise<PasskeyRow[]> {
  const rows = await db.staffPasskey.findMany({ where: { staffUserId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, synced: row.deviceType === "multiDevice" }));
}

/** Removes one of the member's own passkeys (another's id: "not found"); refused when it is the last second factor their team requires. */
export async function removePasskey(db: Db, input: { staffUserId: string; passkeyId: string }): Promise<{ name: string }> {
  return db.$transaction(async (tx) => {
    const passkey = await tx.staffPasskey.findFirst({ where: { id: input.passkeyId, staffUserId: input.staffUserId } });
    if (!passkey) throw new DomainError("not_found", "No such passkey: it may have been removed already.");
    if (await secondFactorStillRequired(tx, input.staffUserId, { without: "passkey" })) {
      throw new DomainError("invalid_argument", "Your team requires two-step sign-in: turn on codes or add another passkey before you remove this one.");
    }
    await tx.staffPasskey.delete({ where: { id: passkey.id } });
    return { name: passkey.name };
  });
}
