import { createTranslator } from "use-intl/core";
import { formatMoney, type Money } from "@/lib/money/currency";
import { formatPriceDifference } from "@/lib/money/price-difference";
import de from "./messages/de.json" with { type: "json" };
import en from "./messages/en.json" with { type: "json" };

/**
 * The words of the guest pages and the guest e-mails, from one message catalogue per language
 * (messages/*.json, ICU message format, read by use-intl): a third language is one more file,
 * named here. Dates and prices are formatted by Intl for the language.
 */
const CATALOGUES = { en, de } satisfies Record<string, typeof en>;

export type SiteLanguage = keyof typeof CATALOGUES;

/** The languages the guest sites and e-mails are written in. */
export const SITE_LANGUAGES = Object.keys(CATALOGUES) as SiteLanguage[];

export function isSiteLanguage(value: string): value is SiteLanguage {
  return Object.hasOwn(CATALOGUES, value);
}

/** The language of a BCP 47 tag ("de" for de-AT), lower case; "" for none. */
export const primaryLanguage = (tag: string | null | undefined) => tag?.split("-")[0]?.toLowerCase() ?? "";

/** "Deutsch" for de: each language named in itself (language pickers). */
export const languageName = (lang: SiteLanguage) => new Intl.DisplayNames([lang], { type: "language" }).of(lang) ?? lang;

/** Who stays: the adults and each child's age (a booking's, a search's). */
export type PartyFacts = { adults: number; childrenAges: readonly number[] };

/** What a party adds to each night's rate (an offer's or a booking's extras): the amount is a night, each. */
export type ExtraFacts = { kind: "adult" | "child"; band?: string; count: number; amount: Money };

function makeWords(lang: SiteLanguage) {
  const catalogue = CATALOGUES[lang];
  const locale = catalogue.meta.intlLocale;
  const t = createTranslator({ locale: lang, messages: catalogue as typeof en });
  const day = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    return (date: string) => format.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
  };
  const money = (value: Money) => formatMoney(value, locale);
  return {
    lang,
    t,
    /** "Fri 4 Dec 2026" / "Fr., 4. Dez. 2026": a calendar date, the same date everywhere. */
    stayDate: day({ weekday: "short", day: "numeric", month: "short", year: "numeric" }),
    /** "Wed 2 December" / "Mi., 2. Dezember". */
    weekdayDayMonth: day({ weekday: "short", day: "numeric", month: "long" }),
    /** "26 November 2026". */
    longDate: day({ day: "numeric", month: "long", year: "numeric" }),
    money,
    nights: (count: number) => t("common.nights", { count }),
    adults: (count: number) => t("common.adults", { count }),
    children: (count: number) => t("common.children", { count }),
    /** "2 adults", "2 adults, 2 children (4, 9)", "1 Erwachsener, 1 Kind (4)": who stays, the children with their ages. */
    party: (party: PartyFacts) => {
      const adults = t("common.adults", { count: party.adults });
      if (!party.childrenAges.length) return adults;
      return t("common.party", { adults, children: t("common.children", { count: party.childrenAges.length }), ages: party.childrenAges.join(", ") });
    },
    /** "Child ×2, €15.00 a night each; Baby ×1, free": what the party adds to each night's rate, in one line ("" for nothing). */
    extras: (extras: readonly ExtraFacts[]) =>
      extras
        .map((extra) => {
          const count = extra.count;
          if (extra.kind === "adult") return t("offers.extraAdult", { count, amount: money(extra.amount) });
          const band = extra.band ?? t("common.childrenField");
          return extra.amount.amount === 0 ? t("offers.extraFree", { band, count }) : t("offers.extraChild", { band, count, amount: money(extra.amount) });
        })
        .join("; "),
    /** "+ €95.00", "− €40.00", or null when the same (formatPriceDifference). */
    priceDifference: (now: Money, before: Money) => formatPriceDifference(now, before, locale),
  };
}

export type GuestWords = ReturnType<typeof makeWords>;

const made = new Map<SiteLanguage, GuestWords>();

/** The words of a language (English for one we do not have). */
export function guestWords(lang: string): GuestWords {
  const language = isSiteLanguage(lang) ? lang : "en";
  let words = made.get(language);
  if (!words) made.set(language, (words = makeWords(language)));
  return words;
}
