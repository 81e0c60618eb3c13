import type { Metadata } from "next";
import Link from "next/link";
import { asksForChildAges } from "@/lib/guest-site/party-query";
import { roomsJustAdded } from "@/lib/guest-site/rooms-query";
import { searchRooms } from "@/lib/guest-site/search-rooms";
import { searchStays } from "@/lib/guest-site/search-stays";
import { searchHref } from "@/components/booking-widget/format";
import { GroupOffersForm } from "@/components/booking-widget/group-offers-form";
import { RoomOffers } from "@/components/booking-widget/room-offers";
import { SearchForm } from "@/components/booking-widget/search-form";
import { StayLine } from "@/components/booking-widget/stay-summary";
import { getHotel, getSite, getSiteClient, getWords } from "../_lib/guest-site";
import type { RoomsQuery } from "@/lib/guest-site/search-rooms";
import { roomsQueryOf, type PageSearchParams } from "../_lib/stay-query";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords()).t("search.title") };
}

/**
 * The widget's results: every room type free for the stay and taking the party, cheapest first,
 * or why none is. For several rooms, each room's choices in one form (GroupOffersForm).
 */
export default async function SearchPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const rooms = roomsQueryOf(await searchParams);
  if (rooms.rooms.length > 1) return <RoomsSearchPage query={rooms} />;
  const query = { checkin: rooms.checkin, checkout: rooms.checkout, ...rooms.rooms[0]! };
  const [hotel, site, words] = await Promise.all([getHotel(), getSite(), getWords()]);
  const { t } = words;
  const outcome = hotel ? await searchStays(await getSiteClient(), query, hotel.today, words) : ({ kind: "unreachable" } as const);
  const currency = hotel?.currency ?? "EUR";

  return (
    <div className="space-y-8">
      <h1 className="font-serif text-4xl text-brand-900">{t("search.title")}</h1>
      <SearchForm site={site.ref} words={words} values={rooms} errors={outcome.kind === "invalid" ? outcome.fieldErrors : {}} today={hotel?.today} />
      {outcome.kind === "invalid" && <p role="alert" className="text-red-700">{t(asksForChildAges(outcome.fieldErrors) ? "search.missingAges" : "search.checkErrors")}</p>}
      {outcome.kind === "unreachable" && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {t("search.unreachable")} <Link className="underline" href={searchHref(site.ref, { ...query, childrenAges: query.ages })}>{t("search.tryAgain")}</Link>.
        </p>
      )}
      {outcome.kind === "offers" && (
        <section aria-labelledby="results-heading" className="space-y-4">
          <h2 id="results-heading" className="text-lg text-stone-800">
            <StayLine stay={outcome.availability} words={words} />
          </h2>
          <RoomOffers availability={outcome.availability} site={site.ref} words={words} />
        </section>
      )}
      {outcome.kind === "too_many_adults" && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {t("search.tooManyAdults", { adults: words.adults(outcome.largestRoom) })}
        </p>
      )}
      {outcome.kind === "party_too_large" && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{t("search.partyTooLarge", { party: words.party(outcome.party) })}</p>
      )}
      {outcome.kind === "sold_out" && (
        <section role="status" aria-labelledby="sold-out-heading" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-900">
          <h2 id="sold-out-heading" className="font-serif text-xl">{t("search.soldOutHeading")}</h2>
          {outcome.suggestions.length ? (
            <>
              <p>{t("search.nearestDates", { nights: words.nights(outcome.nights) })}</p>
              <ul className="space-y-2" aria-label={t("common.datesToTry")}>
                {outcome.suggestions.map((s) => (
                  <li key={s.checkin}>
                    <Link className="font-medium text-brand-700 underline" href={searchHref(site.ref, { ...s, adults: query.adults, childrenAges: query.ages })}>
                      {words.stayDate(s.checkin)} → {words.stayDate(s.checkout)}
                    </Link>{" "}
                    <span className="text-sm">{t("common.fromPrice", { price: words.money({ amount: s.lowestTotal, currency }) })}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t("search.nothingNear")}</p>
          )}
        </section>
      )}
    </div>
  );
}

/** Several rooms' results: the search, then each room's choices in one form, or what to correct. */
async function RoomsSearchPage({ query }: { query: RoomsQuery }) {
  const [hotel, site, words] = await Promise.all([getHotel(), getSite(), getWords()]);
  const { t } = words;
  // Rooms just added without JavaScript have no fields yet: the form shows them first.
  const added = roomsJustAdded(query.rooms);
  const outcome = added ? ({ kind: "added" } as const) : hotel ? await searchRooms(await getSiteClient(), query, hotel.today, words) : ({ kind: "unreachable" } as const);
  return (
    <div className="space-y-8">
      <h1 className="font-serif text-4xl text-brand-900">{t("search.title")}</h1>
      <SearchForm site={site.ref} words={words} values={query} errors={outcome.kind === "invalid" ? outcome.fieldErrors : {}} today={hotel?.today} />
      {outcome.kind === "invalid" && <p role="alert" className="text-red-700">{t(asksForChildAges(outcome.fieldErrors) ? "search.missingAges" : "search.checkErrors")}</p>}
      {outcome.kind === "added" && <p role="status" className="text-stone-800">{t("rooms.sayWho")}</p>}
      {outcome.kind === "unreachable" && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">{t("search.unreachable")}</p>}
      {outcome.kind === "rooms" && (
        <section aria-labelledby="results-heading" className="space-y-4">
          <h2 id="results-heading" className="text-lg text-stone-800">{t("rooms.stay", { rooms: query.rooms.length, checkin: words.stayDate(query.checkin), checkout: words.stayDate(query.checkout) })}</h2>
          <GroupOffersForm stay={query} rooms={outcome.rooms} site={site.ref} words={words} />
        </section>
      )}
    </div>
  );
}
