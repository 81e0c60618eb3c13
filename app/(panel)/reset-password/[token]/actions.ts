"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { PANEL_HOME } from "@/components/panel/panel-sections";
import type { ResetPasswordState } from "@/components/panel/password-reset-form-states";
import { getDb } from "@/lib/db";
import { isDomainError, type FieldError } from "@/lib/errors";
import { resetPassword } from "@/lib/staff/reset-password";
import { cookieOptions, requestClient, SESSION_COOKIE } from "../../_lib/panel-session";

/** Sets the new password from a reset link: every session of the account ends, and this browser is signed in (an account with a second factor signs in as usual). */
export async function resetPasswordAction(_previous: ResetPasswordState, form: FormData): Promise<ResetPasswordState> {
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "").slice(0, 1_000);
  if (password !== String(form.get("confirmPassword") ?? "")) {
    return { fieldErrors: { confirmPassword: "The two passwords do not match." }, error: "Check the highlighted fields." };
  }
  let reset;
  try {
    reset = await resetPassword(getDb(), { token, password, client: await requestClient() });
  } catch (error) {
    if (isDomainError(error, "not_found")) return { invalid: true };
    if (isDomainError(error, "validation_failed")) {
      const fieldErrors = Object.fromEntries((error.details.errors as FieldError[]).map(({ field, message }) => [field, message]));
      return { fieldErrors, error: "Check the highlighted fields." };
    }
    throw error;
  }
  if (!reset.session) redirect("/login?passwordReset=1");
  (await cookies()).set(SESSION_COOKIE, reset.session.token, cookieOptions());
  redirect(PANEL_HOME);
}
