import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { returnPathAfterSignIn } from "@/components/panel/panel-sections";
import { PasskeySignInButton } from "@/components/panel/passkey-sign-in-button";
import { SignedOutPage } from "@/components/panel/signed-out-page";
import { currentStaff } from "../_lib/panel-session";
import { passkeySignInAction, passkeySignInOptionsAction } from "./actions";
import { LoginForm } from "./login-form";
import type { SearchParams } from "../_lib/search-params";

export const metadata: Metadata = { title: "Staff sign-in" };

/** What the sign-in page says after a step that led back to it. */
const NOTICES: Record<string, string> = {
  failed: "The password or the code was not right. Sign in again.",
  expired: "The sign-in took too long. Sign in again.",
  joined: "You joined the team. Sign in with your password and your second factor, or with a passkey.",
  passwordReset: "Your new password is set. Sign in with it and your second factor, or with a passkey.",
};

/** Sign-in (password, then a code when the account has one; or a passkey); `next` is the panel page to return to (checked). */
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = returnPathAfterSignIn(params.next);
  if (await currentStaff()) redirect(next);
  const notice = Object.keys(NOTICES).find((key) => params[key] !== undefined);
  return (
    <SignedOutPage title="Staff sign-in">
      {notice && <p role="status" className="mt-6 rounded-md border border-stone-300 bg-stone-50 px-4 py-3 text-sm text-stone-800">{NOTICES[notice]}</p>}
      <LoginForm next={next} />
      <PasskeySignInButton next={next} getOptions={passkeySignInOptionsAction} signIn={passkeySignInAction} />
      <p className="mt-6 text-sm"><Link className="text-brand-700 underline" href="/forgot-password">Forgot your password?</Link></p>
    </SignedOutPage>
  );
}
