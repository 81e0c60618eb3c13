"use server";

import { cookies } from "next/headers";
import { getDb } from "@/lib/db";
import { isDomainError } from "@/lib/errors";
import { changeOwnPassword } from "@/lib/staff/change-own-password";
import { createStaffSession } from "@/lib/staff/staff-sessions";
import { cookieOptions, requireStaff, SESSION_COOKIE } from "../../_lib/panel-session";

export type PasswordState = { error?: string; done?: string };

/** Changes the signed-in staff member's password; other sessions end, this browser gets a new one. */
export async function changePasswordAction(_previous: PasswordState, form: FormData): Promise<PasswordState> {
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
