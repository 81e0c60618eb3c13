import Link from "next/link";

/** A page or a booking link that opens nothing (a bare booking id, an altered token). */
export default function SiteNotFound() {
  return (
    <div className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">We could not find that</h1>
      <p className="text-stone-800">The link may be incomplete. To open a booking, use the link from your confirmation, or find it with its reference and your e-mail address.</p>
      <p className="flex gap-5">
        <Link className="text-brand-700 underline" href="/find">Find your booking</Link>
        <Link className="text-brand-700 underline" href="/">Book a room</Link>
      </p>
    </div>
  );
}
