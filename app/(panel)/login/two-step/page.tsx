import type { Metadata } from "next";
import Link from "next/link";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { returnPathAfterSignIn } from "@/components/panel/panel-sections";
import { PasskeySignInButton } from "@/components/panel/passkey-sign-in-button";
import { SecondStepForm } from "@/components/panel/second-step-form";
import { SignedOutPage } from "@/components/panel/signed-out-page";
import { getDb } from "@/lib/db";
import { findSecondStep } from "@/lib/staff/second-step-sign-in";
import { currentStaff, SECOND_STEP_COOKIE } from "../../_lib/panel-session";
import type { SearchParams } from "../../_lib/search-params";
import { passkeySignInAction, passkeySignInOptionsAction, secondStepAction } from "../actions";

export const metadata: Metadata = { title: "Two-step sign-in" };

/** The second step after a password: a code from the app or a recovery code (when codes are on), or a passkey. */
export default async function SecondStepPage({ searchParams }: { searchParams: SearchParams }) {
  const next = returnPathAfterSignIn((await searchParams).next);
  if (await currentStaff()) redirect(next);
  const step = await findSecondStep(getDb(), (await cookies()).get(SECOND_STEP_COOKIE)?.value);
  if (!step) redirect("/login?expired=1");
  return (
    <SignedOutPage title="Two-step sign-in">
      {step.codes ? (
        <>
          <p className="mt-4 text-stone-700">Type the six-digit code your authenticator app shows for Room Booking, or one of your recovery codes.</p>
          <SecondStepForm next={next} action={secondStepAction} />
          <p className="mt-6 text-sm text-stone-700">Or use a passkey of this account:</p>
        </>
      ) : (
        <p className="mt-4 text-stone-700">This account signs in with a passkey: use it now.</p>
      )}
      <PasskeySignInButton next={next} getOptions={passkeySignInOptionsAction} signIn={passkeySignInAction} />
      <p className="mt-6 text-sm">
        Lost your phone and your recovery codes? An admin of your hotel can reset your two-step sign-in. <Link className="text-brand-700 underline" href="/login">Start again</Link>
      </p>
    </SignedOutPage>
  );
}
