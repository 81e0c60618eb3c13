import Form from "next/form";
import type { GuestWords } from "@/lib/i18n/guest-words";
import type { PartyQuery } from "@/lib/guest-site/party-query";
import { Field } from "./field";
import { RoomPartiesFields } from "./room-parties-fields";
import type { SiteRef } from "./site-href";

/** The search as typed: dates, and each room's adults, how many children and each child's age (lib/guest-site/rooms-query.ts). */
export type SearchValues = { checkin?: string; checkout?: string; rooms?: PartyQuery[] };

/**
 * The booking widget's first step: check-in, check-out, how many rooms, and each room's adults,
 * children and each child's age. A plain GET form to the results page (shareable, works with
 * JavaScript off); with JavaScript, next/form navigates without a full reload and the rooms' and
 * ages' fields follow their numbers.
 * The guest's chosen language travels with it.
 */
export function SearchForm({ values, errors = {}, today, site, words, page = "/search" }: { values: SearchValues; errors?: Record<string, string>; today?: string; site: SiteRef; words: GuestWords; page?: string }) {
  const { t } = words;
  return (
    <Form action={`${site.basePath}${page}`} className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-[1fr_1fr_6rem_7rem_7rem_auto] sm:items-start" aria-label={t("search.formLabel")}>
      {site.lang && <input type="hidden" name="lang" value={site.lang} />}
      <Field id="checkin" name="checkin" type="date" label={t("common.checkIn")} required min={today} defaultValue={values.checkin} error={errors.checkin} />
      <Field id="checkout" name="checkout" type="date" label={t("common.checkOut")} required min={today} defaultValue={values.checkout} error={errors.checkout} />
      {/* Keyed by the search shown, so a new search's rooms replace what was typed before. */}
      <RoomPartiesFields key={JSON.stringify(values.rooms ?? [])} parties={values.rooms ?? []} errors={errors} childrenHint={t("common.childrenHint")} lang={words.lang} />
      <button type="submit" className="self-start rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none sm:mt-6 sm:justify-self-start">
        {t("search.submit")}
      </button>
    </Form>
  );
}
