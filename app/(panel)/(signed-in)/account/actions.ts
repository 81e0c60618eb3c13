"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import type { AccountFormState, NameFormState } from "@/components/panel/account-form-states";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { changeOwnPassword } from "@/lib/staff/change-own-password";
import { setOwnName } from "@/lib/staff/set-own-name";
import { createStaffSession, endOwnSessions } from "@/lib/staff/staff-sessions";
import { cookieOptions, requestClient, requireStaff, SESSION_COOKIE } from "../../_lib/panel-session";

/** Changes the signed-in staff member's password; other sessions end, this browser gets a new one. */
export async function changePasswordAction(_previous: AccountFormState, form: FormData): Promise<AccountFormState> {
  const staff = await requireStaff();
  const newPassword = String(form.get("newPassword") ?? "");
  if (newPassword !== String(form.get("confirmPassword") ?? "")) return { error: "The new passwords do not match." };
  const db = getDb();
  try {
    await changeOwnPassword(db, { staffUserId: staff.staffUserId, currentPassword: String(form.get("currentPassword") ?? ""), newPassword });
  } catch (error) {
    if (isDomainError(error)) return { error: error.message };
    throw error;
  }
  const session = await createStaffSession(db, staff.staffUserId, new Date(), await requestClient());
  (await cookies()).set(SESSION_COOKIE, session.token, cookieOptions());
  return { done: "Password changed. Other sessions were signed out." };
}

/** Sets the signed-in staff member's name (their own account only). */
export async function changeNameAction(_previous: NameFormState, form: FormData): Promise<NameFormState> {
  const staff = await requireStaff();
  const typed = String(form.get("name") ?? "");
  try {
    const name = await setOwnName(getDb(), { staffUserId: staff.staffUserId, name: typed });
    return { name, done: name ? `Saved: colleagues see you as ${name}.` : "Saved: colleagues see your e-mail." };
  } catch (error) {
    if (isDomainError(error)) return { name: typed, error: error.message };
    throw error;
  }
}

/** Ends one of the signed-in member's other sessions (Account › Sessions); never another member's. */
export async function endSessionAction(_previous: AccountFormState, form: FormData): Promise<AccountFormState> {
  const staff = await requireStaff();
  const sessionId = String(form.get("sessionId") ?? "");
  if (sessionId === staff.sessionId) return { error: "This is the session you are using: sign out instead." };
  const ended = await endOwnSessions(getDb(), { staffUserId: staff.staffUserId, sessionId });
  revalidatePath("/account");
  return ended ? { done: "Session ended: that browser is signed out at its next click." } : { error: "That session had already ended." };
}

/** Ends every session of the signed-in member but this one ("Sign out everywhere else"). */
export async function endOtherSessionsAction(): Promise<AccountFormState> {
  const staff = await requireStaff();
  const ended = await endOwnSessions(getDb(), { staffUserId: staff.staffUserId, keepSessionId: staff.sessionId });
  revalidatePath("/account");
  return { done: `Signed out everywhere else: ${ended} session${ended === 1 ? "" : "s"} ended.` };
}
