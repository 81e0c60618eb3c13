"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { PANEL_HOME, returnPathAfterSignIn, SIGN_IN_SECURITY_PAGE } from "@/components/panel/panel-sections";
import type { SecondStepState } from "@/components/panel/second-step-form";
import { getDb } from "@/lib/db";
import { clientAddress } from "@/lib/http/client-address";
import { passkeySignInOptions, signInWithPasskey } from "@/lib/staff/passkeys";
import { completeSecondStep } from "@/lib/staff/second-step-sign-in";
import { SECOND_STEP_MINUTES, signIn } from "@/lib/staff/sign-in";
import { tooManyAttemptsMessage } from "@/lib/staff/sign-in-throttle";
import { endStaffSession, findStaffSession } from "@/lib/staff/staff-sessions";
import { mustSetUpSecondFactor } from "@/lib/staff/two-step-requirement";
import { cookieOptions, panelRelyingParty, PROPERTY_COOKIE, requestClient, SECOND_STEP_COOKIE, SESSION_COOKIE, totpSecretBox } from "../_lib/panel-session";

export type SignInState = { error?: string; email?: string };

const SignInForm = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(200) });

const NO_MATCH = "That e-mail address and password do not match an account.";

/**
 * Opens the session in this browser and goes where the sign-in was headed; straight to Account ›
 * Sign-in security for a member whose team requires a second factor they lack (every other page
 * would send them there).
 */
async function signedIn(token: string, next: unknown): Promise<never> {
  const jar = await cookies();
  jar.delete(SECOND_STEP_COOKIE);
  jar.set(SESSION_COOKIE, token, cookieOptions());
  const staff = await findStaffSession(getDb(), token);
  redirect(staff && mustSetUpSecondFactor(staff.twoStep) ? SIGN_IN_SECURITY_PAGE : returnPathAfterSignIn(next));
}

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = SignInForm.safeParse({ email: form.get("email"), password: form.get("password") });
  const email = String(form.get("email") ?? "").slice(0, 254);
  if (!parsed.success) return { error: "Enter your e-mail address and password.", email };
  const headerList = await headers();
  const result = await signIn(getDb(), { ...parsed.data, clientAddress: clientAddress(headerList), userAgent: headerList.get("user-agent") });
  if (result.ok) return signedIn(result.token, form.get("next"));
  if (result.reason === "too_many_attempts") return { error: tooManyAttemptsMessage(result.retryAfterSeconds), email };
  if (result.reason === "invalid_credentials") return { error: NO_MATCH, email };
  (await cookies()).set(SECOND_STEP_COOKIE, result.pendingToken, cookieOptions(SECOND_STEP_MINUTES * 60));
  const next = returnPathAfterSignIn(form.get("next"));
  redirect(next === PANEL_HOME ? "/login/two-step" : `/login/two-step?next=${encodeURIComponent(next)}`);
}

/** The code page: a code from the app or a recovery code completes the sign-in; anything wrong starts it again. */
export async function secondStepAction(_previous: SecondStepState, form: FormData): Promise<SecondStepState> {
  const jar = await cookies();
  const headerList = await headers();
  const result = await completeSecondStep(getDb(), {
    pendingToken: jar.get(SECOND_STEP_COOKIE)?.value,
    code: String(form.get("code") ?? "").slice(0, 40),
    clientAddress: clientAddress(headerList),
    client: await requestClient(),
    box: totpSecretBox(),
  });
  if (result.ok) return signedIn(result.token, form.get("next"));
  if (result.reason === "too_many_attempts") return { error: tooManyAttemptsMessage(result.retryAfterSeconds) };
  jar.delete(SECOND_STEP_COOKIE);
  redirect(result.reason === "expired" ? "/login?expired=1" : "/login?failed=1");
}

/** The options for "Sign in with a passkey" (a fresh challenge, used once). */
export async function passkeySignInOptionsAction(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return passkeySignInOptions(getDb(), { rp: panelRelyingParty() });
}

/** Signs in with the browser's passkey answer; an error to show when it does not verify. */
export async function passkeySignInAction(response: AuthenticationResponseJSON, next: string): Promise<{ error: string }> {
  const result = await signInWithPasskey(getDb(), { response, rp: panelRelyingParty(), client: await requestClient() });
  if (!result.ok) return { error: "That passkey did not sign you in: it may have been removed, or belong to another site. Try again, or sign in with your password." };
  return signedIn(result.token, next);
}

export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await endStaffSession(getDb(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  jar.delete(PROPERTY_COOKIE);
  redirect("/login");
}
