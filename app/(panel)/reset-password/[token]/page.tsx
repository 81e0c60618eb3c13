import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { ResetPasswordForm } from "@/components/panel/reset-password-form";
import { SignedOutPage } from "@/components/panel/signed-out-page";
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
    <SignedOutPage title="Choose a new password">
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
    </SignedOutPage>
  );
}
