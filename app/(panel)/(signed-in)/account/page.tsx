import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/panel/change-password-form";
import { requireStaff } from "../../_lib/panel-session";
import { changePasswordAction } from "./actions";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const staff = await requireStaff();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">Account</h1>
      <p className="text-sm text-stone-700">Signed in as {staff.email}.</p>
      <ChangePasswordForm action={changePasswordAction} />
    </div>
  );
}
