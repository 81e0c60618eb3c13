import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/panel/forgot-password-form";
import { SignedOutPage } from "@/components/panel/signed-out-page";
import { forgotPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Forgot your password?" };

/** Asks for the account's e-mail address and sends a link to choose a new password (public). */
export default function ForgotPasswordPage() {
  return (
    <SignedOutPage title="Forgot your password?">
      <p className="mt-4 text-stone-700">Give the e-mail address you sign in with: we send it a link to choose a new password.</p>
      <ForgotPasswordForm action={forgotPasswordAction} />
      <p className="mt-6 text-sm"><Link className="text-brand-700 underline" href="/login">Back to sign-in</Link></p>
    </SignedOutPage>
  );
}
