"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { returnPathAfterSignIn } from "@/components/panel/panel-sections";
import { getDb } from "@/lib/db";
import { clientAddress } from "@/lib/http/client-address";
import { getRateLimiterWithLocalFallback } from "@/lib/rate-limit/get-rate-limiter";
import { signIn } from "@/lib/staff/sign-in";
import { endStaffSession } from "@/lib/staff/staff-sessions";
import { cookieOptions, PROPERTY_COOKIE, SESSION_COOKIE } from "../_lib/panel-session";

export type SignInState = { error?: string; email?: string };

const SignInForm = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(200) });

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = SignInForm.safeParse({ email: form.get("email"), password: form.get("password") });
  const email = String(form.get("email") ?? "").slice(0, 254);
  if (!parsed.success) return { error: "Enter your e-mail address and password.", email };
  // Sign-in limits must not fail open: in-process limits while Redis is down.
  const headerList = await headers();
  const result = await signIn(getDb(), getRateLimiterWithLocalFallback(), { ...parsed.data, clientAddress: clientAddress(headerList), userAgent: headerList.get("user-agent") });
  if (!result.ok) {
    return result.reason === "too_many_attempts"
      ? { error: `Too many attempts. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minute(s).`, email }
      : { error: "That e-mail address and password do not match an account.", email };
  }
  (await cookies()).set(SESSION_COOKIE, result.token, cookieOptions());
  redirect(returnPathAfterSignIn(form.get("next")));
}

export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await endStaffSession(getDb(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  jar.delete(PROPERTY_COOKIE);
  redirect("/login");
}
