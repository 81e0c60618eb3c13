"use server";

import { headers } from "next/headers";
import type { ForgotPasswordState } from "@/components/panel/password-reset-form-states";
import { getDb } from "@/lib/db";
import { clientAddress } from "@/lib/http/client-address";
import { staffLinkBox } from "@/lib/mail/staff-link-box";
import { getRateLimiterWithLocalFallback } from "@/lib/rate-limit/get-rate-limiter";
import { requestPasswordReset } from "@/lib/staff/request-password-reset";

/** "Forgot your password?": the same answer whether or not the address has an account; only too many requests from one client is told. */
export async function forgotPasswordAction(_previous: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const email = String(form.get("email") ?? "").trim().slice(0, 254);
  if (!email) return { error: "Enter the e-mail address of your account." };
  // These limits must not fail open: in-process limits while Redis is down.
  const result = await requestPasswordReset(getDb(), getRateLimiterWithLocalFallback(), { email, clientAddress: clientAddress(await headers()), linkBox: staffLinkBox() });
  if (!result.ok) return { email, error: `Too many requests from your network. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minute(s).` };
  return { sent: true };
}
