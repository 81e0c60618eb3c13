import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { returnPathAfterSignIn } from "@/components/panel/panel-sections";
import { SignedOutPage } from "@/components/panel/signed-out-page";
import { currentStaff } from "../_lib/panel-session";
import { LoginForm } from "./login-form";
import type { SearchParams } from "../_lib/search-params";

export const metadata: Metadata = { title: "Staff sign-in" };

/** Sign-in; `next` is the panel page to return to (checked: a panel path of this site, else the overview). */
export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const next = returnPathAfterSignIn((await searchParams).next);
  if (await currentStaff()) redirect(next);
  return (
    <SignedOutPage title="Staff sign-in">
      <LoginForm next={next} />
      <p className="mt-6 text-sm"><Link className="text-brand-700 underline" href="/forgot-password">Forgot your password?</Link></p>
    </SignedOutPage>
  );
}
