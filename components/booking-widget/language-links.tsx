"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { languageName, SITE_LANGUAGES } from "@/lib/i18n/guest-words";

/** The page in each of the site's languages (?lang=, which the site's links then keep); each named in itself. */
export function LanguageLinks({ current, label }: { current: string; label: string }) {
  const pathname = usePathname();
  const query = useSearchParams();
  const hrefOf = (lang: string) => {
    const params = new URLSearchParams(query);
    params.set("lang", lang);
    return `${pathname}?${params}`;
  };
  return (
    <ul aria-label={label} className="flex gap-3 text-sm">
      {SITE_LANGUAGES.map((lang) => (
        <li key={lang}>
          {lang === current ? (
            <span aria-current="true" lang={lang} className="font-semibold text-stone-900">{languageName(lang)}</span>
          ) : (
            <Link lang={lang} hrefLang={lang} className="text-brand-700 underline" href={hrefOf(lang)}>{languageName(lang)}</Link>
          )}
        </li>
      ))}
    </ul>
  );
}
