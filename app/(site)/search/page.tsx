import type { Metadata } from "next";
import Link from "next/link";
import { searchStays } from "@/lib/guest-site/search-stays";
import { adultsLabel, formatMoney, formatStayDate, nightsLabel, searchHref } from "@/components/booking-widget/format";
import { RoomOffers } from "@/components/booking-widget/room-offers";
import { SearchForm } from "@/components/booking-widget/search-form";
import { StayLine } from "@/components/booking-widget/stay-summary";
import { getHotel, getSite, getSiteClient } from "../_lib/guest-site";
import { stayQueryOf, type PageSearchParams } from "../_lib/stay-query";

export const metadata: Metadata = { title: "Available rooms" };

/** The widget's results: every room type free for the stay, cheapest first, or why none is. */
export default async function SearchPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const query = stayQueryOf(await searchParams);
  const [hotel, site] = await Promise.all([getHotel(), getSite()]);
  const outcome = hotel ? await searchStays(await getSiteClient(), query, hotel.today) : ({ kind: "unreachable" } as const);
  const currency = hotel?.currency ?? "EUR";

  return (
    <div className="space-y-8">
      <h1 className="font-serif text-4xl text-brand-900">Available rooms</h1>
      <SearchForm site={site.ref} values={query} errors={outcome.kind === "invalid" ? outcome.fieldErrors : {}} today={hotel?.today} />
      {outcome.kind === "invalid" && <p role="alert" className="text-red-700">Please check the dates and the number of adults above.</p>}
      {outcome.kind === "unreachable" && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          We could not reach the booking system just now. <Link className="underline" href={searchHref(site.ref, query)}>Try again</Link>.
        </p>
      )}
      {outcome.kind === "offers" && (
        <section aria-labelledby="results-heading" className="space-y-4">
          <h2 id="results-heading" className="text-lg text-stone-800">
            <StayLine stay={outcome.availability} />
          </h2>
          <RoomOffers availability={outcome.availability} site={site.ref} />
        </section>
      )}
      {outcome.kind === "too_many_adults" && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          Our largest room sleeps {adultsLabel(outcome.largestRoom)}. For a larger group, please book several rooms, one at a time.
        </p>
      )}
      {outcome.kind === "sold_out" && (
        <section role="status" aria-labelledby="sold-out-heading" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-900">
          <h2 id="sold-out-heading" className="font-serif text-xl">No room is free for all of those nights.</h2>
          {outcome.suggestions.length ? (
            <>
              <p>The nearest dates with a room free for all {nightsLabel(outcome.nights)}:</p>
              <ul className="space-y-2" aria-label="Dates to try">
                {outcome.suggestions.map((s) => (
                  <li key={s.checkin}>
                    <Link className="font-medium text-brand-700 underline" href={searchHref(site.ref, { ...s, adults: query.adults })}>
                      {formatStayDate(s.checkin)} → {formatStayDate(s.checkout)}
                    </Link>{" "}
                    <span className="text-sm">from {formatMoney({ amount: s.lowestTotal, currency })}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>Nothing is free within two weeks of those dates either. Please try other dates, or call the hotel.</p>
          )}
        </section>
      )}
    </div>
  );
}
