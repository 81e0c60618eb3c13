import Link from "next/link";

/** Any path that names no page, including one whose percent-encoding does not decode (proxy.ts). */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-6 py-16">
      <h1 className="font-serif text-3xl text-brand-900">We could not find that page</h1>
      <p className="text-stone-800">The address may be mistyped or incomplete.</p>
      <p className="flex gap-5">
        <Link className="text-brand-700 underline" href="/">Book a room</Link>
        <Link className="text-brand-700 underline" href="/find">Find your booking</Link>
        <Link className="text-brand-700 underline" href="/login">Staff sign-in</Link>
      </p>
    </main>
  );
}
