import { createHash, randomInt } from "node:crypto";
import * as OTPAuth from "otpauth";
import type { Db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { SecretBox } from "@/lib/secrets/secret-box";
import { verifyPassword } from "./password";
import { secondFactorStillRequired } from "./two-step-requirement";

/**
 * Two-step codes (TOTP, RFC 6238: six digits every 30 seconds from a code app) and recovery codes.
 * Invariants:
 * - the secret is stored sealed (its own key, lib/secrets), never shown again once confirmed;
 * - turning codes on takes a code from the app (the secret shown, as a QR code and as text, is
 *   kept pending until then), and gives ten recovery codes, shown once;
 * - a code is accepted within one step either side of now (clocks drift), and only once: the
 *   step it was accepted for is kept and no code of that step or an earlier one works again;
 * - a recovery code (`x7k2m-p9q4r`: letters and digits, a dash; any case, dash optional) works
 *   once; only SHA-256 of each is kept; new ones replace all the old.
 */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_ISSUER = "Room Booking";
const RECOVERY_CODE_COUNT = 10;
/** Letters and digits without the ones read alike (0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function totpOf(secretBase32: string, label = ""): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label, secret: OTPAuth.Secret.fromBase32(secretBase32), algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS });
}

/** The code app's view of a secret: its text (base32, in groups of four) and the otpauth:// address a QR code carries. */
export type TwoStepSetup = { secret: string; otpauthUri: string };

function setupOf(secretBase32: string, email: string): TwoStepSetup {
  return { secret: secretBase32.match(/.{1,4}/g)!.join(" "), otpauthUri: totpOf(secretBase32, email).toString() };
}

/** The secret to scan while codes are being turned on (pending until a code confirms it); null when none is pending. */
export async function pendingTwoStepSetup(db: Db, input: { staffUserId: string; box: SecretBox }): Promise<TwoStepSetup | null> {
  const user = await db.staffUser.findUniqueOrThrow({ where: { id: input.staffUserId }, select: { email: true, totpSecret: true, totpPendingSecret: true } });
  const secret = !user.totpSecret && user.totpPendingSecret ? openedSecret(input.box, user.totpPendingSecret) : null;
  return secret ? setupOf(secret, user.email) : null;
}

/** Starts turning codes on: a new secret, kept pending (replacing one not confirmed). Nothing when codes are on already. */
export async function startTwoStepSetup(db: Db, input: { staffUserId: string; box: SecretBox }): Promise<void> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db.staffUser.updateMany({ where: { id: input.staffUserId, totpSecret: null }, data: { totpPendingSecret: input.box.seal(secret) } });
}

/**
 * A sealed secret opened, or null when it cannot be (WEBHOOK_SECRET_KEY or SESSION_SECRET
 * changed since): its codes then match nothing, and an admin's reset (or setting up again) mends it.
 */
function openedSecret(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

/** The step a six-digit code is valid for at `now` (one step of drift either way), or null. */
function acceptedStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : OTPAuth.TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** A code as typed: spaces gone ("123 456"). */
function typedCode(code: string): string {
  return code.replace(/\s+/g, "");
}

/**
 * Turns codes on with a code from the app for the pending secret. Returns the ten recovery codes
 * (shown once). Refused (invalid_argument) for a wrong code; when codes are on already, or no
 * secret is pending, "not found" (the page has moved on).
 */
export async function confirmTwoStepCodes(db: Db, input: { staffUserId: string; code: string; box: SecretBox; now?: Date }): Promise<string[]> {
  const now = input.now ?? new Date();
  return db.$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ totp_secret: string | null; totp_pending_secret: string | null }[]>`
      SELECT totp_secret, totp_pending_secret FROM staff_users WHERE id = ${input.staffUserId} FOR UPDATE`;
    if (!user || user.totp_secret || !user.totp_pending_secret) throw new DomainError("not_found", "Two-step codes are already on, or their setup has ended: reload the page.");
    const secret = openedSecret(input.box, user.totp_pending_secret);
    const step = secret === null ? null : acceptedStep(secret, typedCode(input.code), now);
    if (step === null) throw new DomainError("invalid_argument", "That code is not the one your app shows: check the app's clock, and type the six digits it shows now.");
    await tx.staffUser.update({
      where: { id: input.staffUserId },
      data: { totpSecret: user.totp_pending_secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step },
    });
    return replaceRecoveryCodes(tx, input.staffUserId, now);
  });
}

/** Ten new recovery codes for the member, replacing all the old ones; returned once, kept only as hashes. */
async function replaceRecoveryCodes(tx: Prisma.TransactionClient, staffUserId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.staffRecoveryCode.deleteMany({ where: { staffUserId } });
  await tx.staffRecoveryCode.createMany({ data: codes.map((code) => ({ id: newId("rcv"), staffUserId, codeHash: recoveryCodeHash(code), createdAt: now })) });
  return codes;
}

function newRecoveryCode(): string {
  const pick = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return `${pick()}-${pick()}`;
}

/** The stored form of a recovery code as typed (any case, with or without its dash). */
function recoveryCodeHash(typed: string): string {
  return createHash("sha256").update(typed.replace(/-/g, "").toLowerCase(), "utf8").digest("hex");
}

function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code);
}

/** New recovery codes (the old stop working), for a member with codes on, after their password. */
export async function renewRecoveryCodes(db: Db, input: { staffUserId: string; password: string; now?: Date }): Promise<string[]> {
  const user = await db.staffUser.findUniqueOrThrow({ where: { id: input.staffUserId }, select: { passwordHash: true, totpSecret: true } });
  if (!user.totpSecret) throw new DomainError("not_found", "Two-step codes are off: turn them on first.");
  if (!(await verifyPassword(input.password.slice(0, 200), user.passwordHash))) throw new DomainError("invalid_argument", "That is not your password.");
  return db.$transaction((tx) => replaceRecoveryCodes(tx, input.staffUserId, input.now ?? new Date()));
}

/** How many of the member's recovery codes still work. */
export async function unusedRecoveryCodes(db: Db, staffUserId: string): Promise<number> {
  return db.staffRecoveryCode.count({ where: { staffUserId, usedAt: null } });
}

/**
 * Turns codes off (after the member's password): the secret and the recovery codes are gone.
 * Refused while a property of theirs requires a second factor and codes are their only one.
 */
export async function turnOffTwoStepCodes(db: Db, input: { staffUserId: string; password: string }): Promise<void> {
  const user = await db.staffUser.findUniqueOrThrow({ where: { id: input.staffUserId }, select: { passwordHash: true, totpSecret: true } });
  if (!(await verifyPassword(input.password.slice(0, 200), user.passwordHash))) throw new DomainError("invalid_argument", "That is not your password.");
  await db.$transaction(async (tx) => {
    if (user.totpSecret && (await secondFactorStillRequired(tx, input.staffUserId, { without: "codes" }))) {
      throw new DomainError("invalid_argument", "Your team requires two-step sign-in: add a passkey before you turn codes off.");
    }
    await tx.staffUser.update({ where: { id: input.staffUserId }, data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.staffRecoveryCode.deleteMany({ where: { staffUserId: input.staffUserId } });
  });
}

/**
 * Whether `code` is the member's second factor now: a code from their app (not one of a step
 * already used), or one of their unused recovery codes (then used up). Each is claimed by a
 * conditional update, so two sign-ins with one code let one in.
 */
export async function useSecondFactorCode(tx: Prisma.TransactionClient, input: { staffUserId: string; code: string; box: SecretBox; now: Date }): Promise<boolean> {
  const code = typedCode(input.code).slice(0, 20);
  if (looksLikeRecoveryCode(code)) {
    const used = await tx.staffRecoveryCode.updateMany({ where: { staffUserId: input.staffUserId, codeHash: recoveryCodeHash(code), usedAt: null }, data: { usedAt: input.now } });
    return used.count === 1;
  }
  const user = await tx.staffUser.findUnique({ where: { id: input.staffUserId }, select: { totpSecret: true } });
  if (!user?.totpSecret) return false;
  const secret = openedSecret(input.box, user.totpSecret);
  const step = secret === null ? null : acceptedStep(secret, code, input.now);
  if (step === null) return false;
  const claimed = await tx.staffUser.updateMany({
    where: { id: input.staffUserId, totpSecret: user.totpSecret, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return claimed.count === 1;
}
