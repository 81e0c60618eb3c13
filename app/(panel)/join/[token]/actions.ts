"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { PANEL_HOME } from "@/components/panel/panel-sections";
import type { AcceptInvitationState } from "@/components/panel/team-form-states";
import { getDb } from "@/lib/db";
import { isDomainError, type FieldError } from "@/lib/errors";
import { clientAddress } from "@/lib/http/client-address";
import { acceptInvitation } from "@/lib/staff/accept-invitation";
import { endStaffSession } from "@/lib/staff/staff-sessions";
import { cookieOptions, PROPERTY_COOKIE, SESSION_COOKIE } from "../../_lib/panel-session";

/**
 * Accepts an invitation from its page: a new account (name, password twice) or an existing one
 * (its password), then signs in to the invitation's property. Whoever was signed in in this
 * browser before is signed out. An account with a second factor has joined but signs in as usual.
 */
export async function acceptInvitationAction(_previous: AcceptInvitationState, form: FormData): Promise<AcceptInvitationState> {
  const token = String(form.get("token") ?? "");
  const name = String(form.get("name") ?? "").slice(0, 300);
  const password = String(form.get("password") ?? "").slice(0, 1_000);
  if (form.get("newAccount") === "1" && password !== String(form.get("confirmPassword") ?? "")) {
    return { name, fieldErrors: { confirmPassword: "The two passwords do not match." }, error: "Check the highlighted fields." };
  }
  const headerList = await headers();
  let accepted;
  try {
    // Existing accounts' password attempts count against sign-in's limits.
    accepted = await acceptInvitation(getDb(), { token, name, password, clientAddress: clientAddress(headerList), userAgent: headerList.get("user-agent") });
  } catch (error) {
    if (isDomainError(error, "not_found")) return { invalid: true };
    if (isDomainError(error, "validation_failed")) {
      const fieldErrors = Object.fromEntries((error.details.errors as FieldError[]).map(({ field, message }) => [field, message]));
      return { name, fieldErrors, error: "Check the highlighted fields." };
    }
    if (isDomainError(error)) return { name, error: error.message };
    throw error;
  }
  const jar = await cookies();
  await endStaffSession(getDb(), jar.get(SESSION_COOKIE)?.value);
  jar.set(PROPERTY_COOKIE, accepted.propertyId, cookieOptions());
  if (!accepted.session) {
    jar.delete(SESSION_COOKIE);
    redirect("/login?joined=1");
  }
  jar.set(SESSION_COOKIE, accepted.session.token, cookieOptions());
  redirect(PANEL_HOME);
}
