import type { Metadata } from "next";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Any path that names no page, outside a hotel's site: also an unknown hotel's address under
 * /hotels and a path whose percent-encoding does not decode (proxy.ts). The platform's page, so
 * it names no hotel and offers none of the demo hotel's links.
 */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-6 py-16">
      <h1 className="font-serif text-3xl text-brand-900">We could not find that page</h1>
      <p className="text-stone-800">The address may be mistyped or incomplete. If a hotel gave it to you, ask the hotel for its booking site&apos;s address.</p>
    </main>
  );
}
