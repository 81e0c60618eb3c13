import Link from "next/link";
import { getHotel } from "./_lib/guest-site";

/** The demo hotel's site: its name (from the partner API's GET /me), the booking widget's pages, a footer. */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const hotel = await getHotel();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-6 py-4">
          <Link href="/" className="font-serif text-2xl text-brand-900">{hotel?.name ?? "Harbour View Hotel"}</Link>
          <nav aria-label="Site" className="flex gap-5 text-sm">
            <Link className="text-brand-700 hover:underline" href="/">Book a room</Link>
            <Link className="text-brand-700 hover:underline" href="/find">Find your booking</Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-6 py-10">{children}</main>
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap gap-5 px-6 py-6 text-sm text-stone-700">
          <span>A demo of Room Booking: this site books through the partner API, like any partner&apos;s.</span>
          <Link className="text-brand-700 underline" href="/docs">Partner API</Link>
          <Link className="text-brand-700 underline" href="/login">Staff sign-in</Link>
        </div>
      </footer>
    </div>
  );
}
