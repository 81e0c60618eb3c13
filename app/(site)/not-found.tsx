import Link from "next/link";
import { siteHref } from "@/components/booking-widget/site-href";
import { getSite, getWords } from "./_lib/guest-site";

/** A page or a booking link that opens nothing (a bare booking id, an altered token). */
export default async function SiteNotFound() {
  const [{ ref }, { t }] = await Promise.all([getSite(), getWords()]);
  return (
    <div className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">{t("notFound.heading")}</h1>
      <p className="text-stone-800">{t("notFound.text")}</p>
      <p className="flex gap-5">
        <Link className="text-brand-700 underline" href={siteHref(ref, "/find")}>{t("site.findYourBooking")}</Link>
        <Link className="text-brand-700 underline" href={siteHref(ref, "/")}>{t("site.bookARoom")}</Link>
      </p>
    </div>
  );
}
