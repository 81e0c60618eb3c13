import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { ResetPasswordForm } from "@/components/panel/reset-password-form";
import { getDb } from "@/lib/db";
import { findOpenPasswordReset, INVALID_PASSWORD_RESET } from "@/lib/staff/reset-password";
import { resetPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Choose a new password" };

/**
 * A reset link's page (public): the form to choose a new password. Opening it changes nothing
 * (mail scanners open links); setting the password uses the link. A link that opens nothing gets
 * one page whatever the reason.
 */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const reset = await findOpenPasswordReset(getDb(), token, new Date());
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-6 py-12">
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Control panel</p>
      <h1 className="mt-2 font-serif text-4xl text-brand-900">Choose a new password</h1>
      {reset ? (
        <>
          <p className="mt-4 text-stone-700">
            For <strong className="break-all">{reset.email}</strong>. Every session of the account is signed out, and you are signed in here.
          </p>
          <ResetPasswordForm token={token} invalidMessage={INVALID_PASSWORD_RESET} action={resetPasswordAction} />
        </>
      ) : (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">{INVALID_PASSWORD_RESET}</p>
      )}
      <p className="mt-6 text-sm"><Link className="text-brand-700 underline" href="/forgot-password">Ask for a new link</Link> · <Link className="text-brand-700 underline" href="/login">Sign in</Link></p>
    </main>
  );
}
