import Link from "next/link";
import { siteHref } from "@/components/booking-widget/site-href";
import { getSite } from "./_lib/guest-site";

/** A page or a booking link that opens nothing (a bare booking id, an altered token). */
export default async function SiteNotFound() {
  const { ref } = await getSite();
  return (
    <div className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">We could not find that</h1>
      <p className="text-stone-800">The link may be incomplete. To open a booking, use the link from your confirmation, or find it with its reference and your e-mail address.</p>
      <p className="flex gap-5">
        <Link className="text-brand-700 underline" href={siteHref(ref, "/find")}>Find your booking</Link>
        <Link className="text-brand-700 underline" href={siteHref(ref, "/")}>Book a room</Link>
      </p>
    </div>
  );
}
