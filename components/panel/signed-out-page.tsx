import type { ReactNode } from "react";

/** The frame of the panel's pages for staff not signed in (sign-in, forgotten password, reset, invitation): the eyebrow and the title. */
export function SignedOutPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-6 py-12">
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Control panel</p>
      <h1 className="mt-2 font-serif text-4xl text-brand-900">{title}</h1>
      {children}
    </main>
  );
}
