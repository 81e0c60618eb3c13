"use server";

import { revalidatePath } from "next/cache";
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { SIGN_IN_SECURITY_PAGE } from "@/components/panel/panel-sections";
import type { SecurityFormState } from "@/components/panel/sign-in-security-form-states";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { addPasskey, passkeyRegistrationOptions, removePasskey } from "@/lib/staff/passkeys";
import { confirmTwoStepCodes, renewRecoveryCodes, startTwoStepSetup, turnOffTwoStepCodes } from "@/lib/staff/two-step-codes";
import { panelRelyingParty, requireStaff, totpSecretBox } from "../../../_lib/panel-session";

/**
 * Runs a change to the member's own sign-in; a domain refusal becomes the form's error. The page
 * is rendered again unless `keepForm` (turning codes on: its form shows the recovery codes once,
 * and a new render would replace it).
 */
async function own(change: () => Promise<SecurityFormState>, options: { keepForm?: boolean } = {}): Promise<SecurityFormState> {
  try {
    const state = await change();
    if (!options.keepForm) revalidatePath(SIGN_IN_SECURITY_PAGE);
    return state;
  } catch (error) {
    if (isDomainError(error)) return { error: error.message };
    throw error;
  }
}

/** The options for the browser's dialog that makes a passkey (a fresh challenge for this member). */
export async function passkeyOptionsAction(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const staff = await requireStaff();
  return passkeyRegistrationOptions(getDb(), { staffUserId: staff.staffUserId, email: staff.email, name: staff.name, rp: panelRelyingParty() });
}

export async function addPasskeyAction(name: string, response: RegistrationResponseJSON): Promise<SecurityFormState> {
  const staff = await requireStaff();
  return own(async () => {
    const added = await addPasskey(getDb(), { staffUserId: staff.staffUserId, name: String(name).slice(0, 200), response, rp: panelRelyingParty() });
    return { done: `Passkey "${added.name}" added: use "Sign in with a passkey" next time.` };
  });
}

export async function removePasskeyAction(_previous: SecurityFormState, form: FormData): Promise<SecurityFormState> {
  const staff = await requireStaff();
  return own(async () => {
    const removed = await removePasskey(getDb(), { staffUserId: staff.staffUserId, passkeyId: String(form.get("passkeyId") ?? "").slice(0, 100) });
    return { done: `Passkey "${removed.name}" removed: it no longer signs you in.` };
  });
}

/** Starts turning two-step codes on: the page then shows the secret to scan. */
export async function startCodesAction(): Promise<void> {
  const staff = await requireStaff();
  await startTwoStepSetup(getDb(), { staffUserId: staff.staffUserId, box: totpSecretBox() });
  revalidatePath(SIGN_IN_SECURITY_PAGE);
}

export async function confirmCodesAction(_previous: SecurityFormState, form: FormData): Promise<SecurityFormState> {
  const staff = await requireStaff();
  return own(async () => {
    const recoveryCodes = await confirmTwoStepCodes(getDb(), { staffUserId: staff.staffUserId, code: String(form.get("code") ?? "").slice(0, 20), box: totpSecretBox() });
    return { done: "Two-step codes are on: signing in with your password now asks for a code.", recoveryCodes };
  }, { keepForm: true });
}

export async function renewRecoveryCodesAction(_previous: SecurityFormState, form: FormData): Promise<SecurityFormState> {
  const staff = await requireStaff();
  return own(async () => {
    const recoveryCodes = await renewRecoveryCodes(getDb(), { staffUserId: staff.staffUserId, password: String(form.get("password") ?? "") });
    return { done: "New recovery codes: the old ones no longer work.", recoveryCodes };
  });
}

export async function turnOffCodesAction(_previous: SecurityFormState, form: FormData): Promise<SecurityFormState> {
  const staff = await requireStaff();
  return own(async () => {
    await turnOffTwoStepCodes(getDb(), { staffUserId: staff.staffUserId, password: String(form.get("password") ?? "") });
    return { done: "Two-step codes are off." };
  });
}
