"use server";

import { cookies } from "next/headers";
import type { AccountFormState, NameFormState } from "@/components/panel/account-form-states";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { changeOwnPassword } from "@/lib/staff/change-own-password";
import { setOwnName } from "@/lib/staff/set-own-name";
import { createStaffSession } from "@/lib/staff/staff-sessions";
import { cookieOptions, requireStaff, SESSION_COOKIE } from "../../_lib/panel-session";

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
  const session = await createStaffSession(db, staff.staffUserId);
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
