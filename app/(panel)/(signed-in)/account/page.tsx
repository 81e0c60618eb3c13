import type { Metadata } from "next";
import { ChangeNameForm } from "@/components/panel/change-name-form";
import { ChangePasswordForm } from "@/components/panel/change-password-form";
import { requireStaff } from "../../_lib/panel-session";
import { changeNameAction, changePasswordAction } from "./actions";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const staff = await requireStaff();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl text-brand-900">Account</h1>
      <p className="text-sm text-stone-700">Signed in as {staff.email}.</p>
      <h2 className="font-serif text-xl text-brand-900">Your name</h2>
      <ChangeNameForm name={staff.name} action={changeNameAction} />
      <h2 className="font-serif text-xl text-brand-900">Password</h2>
      <ChangePasswordForm action={changePasswordAction} />
    </div>
  );
}
