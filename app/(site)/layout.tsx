import type { Metadata } from "next";
import Link from "next/link";
import type { CSSProperties } from "react";
import { siteHref } from "@/components/booking-widget/site-href";
import { EmbedResizeMessages } from "@/components/booking-widget/embed-messages";
import { LanguageLinks } from "@/components/booking-widget/language-links";
import { telHref } from "@/lib/text/phone-link";
import { getEngineLook, getHotel, getSite, getWords } from "./_lib/guest-site";

/** The tab's title carries the hotel's name as GET /me gives it now ("Booking confirmed · <name>"). */
export async function generateMetadata(): Promise<Metadata> {
  const [hotel, words] = await Promise.all([getHotel(), getWords()]);
  const name = hotel?.name ?? words.t("site.defaultName");
  return { title: { absolute: name, template: `%s · ${name}` } };
}

/**
 * A guest site: the demo hotel's, or a hotel's booking engine (full page, or the compact embed
 * inside the widget's iframe), in the guest's language. Its name and how to reach it come from
 * the partner API's GET /me, read on every page, so a change in the panel shows on the next one;
 * an engine's accent colour recolours the site's buttons, links and headings.
 */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const [hotel, site, look, words] = await Promise.all([getHotel(), getSite(), getEngineLook(), getWords()]);
  const { t } = words;
  const name = hotel?.name ?? t("site.defaultName");
  const contact = hotel?.contact;
  const href = (path: string) => siteHref(site.ref, path);
  const accent = look ? ({ "--color-brand-700": look.accentColour, "--color-brand-900": look.accentColour } as CSSProperties) : undefined;
  const links = (
    <>
      <Link className="text-brand-700 underline" href={href("/")}>{t("site.bookARoom")}</Link>
      <Link className="text-brand-700 underline" href={href("/find")}>{t("site.findYourBooking")}</Link>
    </>
  );
  if (site.view === "embed") {
    return (
      <div style={accent} className="px-4 py-4" data-testid="embed" id="embed-content">
        <EmbedResizeMessages contentId="embed-content" />
        <main>{children}</main>
        <footer className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-3 text-sm">
          <nav aria-label={t("site.navLabel")} className="flex flex-wrap gap-x-5 gap-y-1">
            {links}
            <Link className="text-brand-700 underline" href={href("/accessibility")}>{t("site.accessibility")}</Link>
          </nav>
          <LanguageLinks current={words.lang} label={t("site.languages")} />
        </footer>
      </div>
    );
  }
  return (
    <div style={accent} className="flex min-h-screen flex-col">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-6 py-4">
          <Link href={href("/")} className="font-serif text-2xl text-brand-900" data-testid="hotel-name">{name}</Link>
          <nav aria-label={t("site.navLabel")} className="flex flex-wrap items-center gap-5 text-sm">
            {links}
            <LanguageLinks current={words.lang} label={t("site.languages")} />
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-6 py-10">{children}</main>
      <footer className="border-t border-stone-200 bg-white">
        {hotel && (
          <address className="mx-auto flex max-w-5xl flex-wrap gap-x-5 gap-y-1 px-6 pt-6 text-sm text-stone-800 not-italic" data-testid="hotel-contact">
            <span className="font-medium">{name}</span>
            {contact?.email && <a className="text-brand-700 underline" href={`mailto:${contact.email}`}>{contact.email}</a>}
            {contact?.phone && <a className="text-brand-700 underline" href={telHref(contact.phone)}>{contact.phone}</a>}
            <span>{t("common.stayTimes", { from: hotel.checkInFrom, until: hotel.checkOutUntil })}</span>
          </address>
        )}
        <div className="mx-auto flex max-w-5xl flex-wrap gap-5 px-6 py-6 text-sm text-stone-700">
          {site.slug ? (
            <span>{t("site.poweredBy")}</span>
          ) : (
            <>
              <span>{t("site.demoNote")}</span>
              <Link className="text-brand-700 underline" href="/docs">{t("site.partnerApi")}</Link>
              <Link className="text-brand-700 underline" href="/login">{t("site.staffSignIn")}</Link>
            </>
          )}
          <Link className="text-brand-700 underline" href={href("/accessibility")}>{t("site.accessibility")}</Link>
        </div>
      </footer>
    </div>
  );
}
