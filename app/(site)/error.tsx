"use client";

import { guestWords } from "@/lib/i18n/guest-words";

/** Anything the site's pages did not expect (the booking system not answering, mostly): a retry, no internals, in the page's language. */
export default function SiteError({ reset }: { error: Error; reset: () => void }) {
  const { t } = guestWords(typeof document === "undefined" ? "en" : document.documentElement.lang);
  return (
    <div role="alert" className="space-y-4">
      <h1 className="font-serif text-3xl text-brand-900">{t("error.heading")}</h1>
      <p className="text-stone-800">{t("error.text")}</p>
      <button type="button" onClick={reset} className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900">{t("error.retry")}</button>
    </div>
  );
}
