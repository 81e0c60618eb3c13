import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/panel/forgot-password-form";
import { forgotPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Forgot your password?" };

/** Asks for the account's e-mail address and sends a link to choose a new password (public). */
export default function ForgotPasswordPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-6 py-12">
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Control panel</p>
      <h1 className="mt-2 font-serif text-4xl text-brand-900">Forgot your password?</h1>
      <p className="mt-4 text-stone-700">Give the e-mail address you sign in with: we send it a link to choose a new password.</p>
      <ForgotPasswordForm action={forgotPasswordAction} />
      <p className="mt-6 text-sm"><Link className="text-brand-700 underline" href="/login">Back to sign-in</Link></p>
    </main>
  );
}
