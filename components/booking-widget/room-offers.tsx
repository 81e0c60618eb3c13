import Link from "next/link";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { cancellationFeeInWords, cancellationTermsInWords, feeCanApply } from "@/lib/rate-plans/cancellation-in-words";
import type { AvailabilityView } from "@/lib/schemas/availability";
import { bookHref } from "./format";
import { NightlyPrices } from "./nightly-prices";
import type { SiteRef } from "./site-href";

/** Rooms left at or below this are shown ("Only 2 rooms left"). */
export const FEW_ROOMS = 3;

type Offer = AvailabilityView["roomTypes"][number];
type Stay = { checkin: string; checkout: string; adults: number; childrenAges: number[]; nights: number };
/** Where Choose leads: the site's guest details page (the panel's desk: its own page, bookPage ""); and the words to say it in. */
type BookLink = { site: SiteRef; bookPage?: string; words: GuestWords };

/** One rate plan's offer for the room: its name, its cancellation terms in words, the total, each night's price, and Choose (a link: no JavaScript needed). */
function RatePlanOffer({ room, plan, stay, site, bookPage, words }: { room: Offer; plan: Offer["offers"][number]; stay: Stay } & BookLink) {
  const { t } = words;
  return (
    <li className="flex flex-wrap items-start justify-between gap-4 border-t border-stone-200 pt-4" data-testid="rate-plan-offer">
      <div>
        <p className="font-semibold text-stone-900">{plan.name}</p>
        <p className={plan.cancellation.refundable ? "text-sm text-green-800" : "text-sm text-stone-700"} data-testid="offer-terms">
          {cancellationTermsInWords(plan.cancellation, words)}
          {feeCanApply(plan.cancellation) && <span className="text-stone-600"> ({cancellationFeeInWords(plan.cancellation, words)})</span>}
        </p>
        <NightlyPrices nightly={plan.nightly} currency={plan.price.currency} words={words} />
      </div>
      <div className="sm:text-right">
        <p className="text-sm text-stone-700">{t("offers.nightsTotal", { nights: words.nights(stay.nights) })}</p>
        <p className="text-2xl font-semibold text-stone-900" data-testid="offer-total">{words.money(plan.price)}</p>
        <Link
          href={bookHref(site, stay, room.roomTypeId, plan.ratePlanId, bookPage)}
          aria-label={t("offers.chooseLabel", { room: room.name, plan: plan.name })}
          className="mt-2 inline-block rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none"
        >
          {t("offers.choose")}
        </Link>
      </div>
    </li>
  );
}

/** Who the room type takes: its adults, and its children and guests in all when it takes children. */
function sleeps(offer: Offer, words: GuestWords): string {
  if (offer.maxChildren === 0) return words.t("offers.sleeps", { adults: words.adults(offer.maxAdults) });
  return words.t("offers.sleepsFamily", { adults: words.adults(offer.maxAdults), children: words.children(offer.maxChildren), guests: offer.maxOccupancy });
}

/** One available room type: what it is, and each rate plan it is sold with (cheapest first, as the API lists them). */
export function RoomOffer({ offer, stay, site, bookPage, words }: { offer: Offer; stay: Stay } & BookLink) {
  const { t } = words;
  const headingId = `offer-${offer.roomTypeId}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <div className="max-w-xl">
        <h3 id={headingId} className="font-serif text-2xl text-brand-900">{offer.name}</h3>
        <p className="mt-1 text-stone-700">{offer.description}</p>
        <p className="mt-2 text-sm text-stone-700">{sleeps(offer, words)}</p>
        <p className="mt-1 text-sm text-stone-800" data-testid="offer-party">
          {t("offers.priceFor", { party: words.party(stay) })}
          {offer.extras.length > 0 && <span data-testid="offer-includes">. {t("offers.includes", { extras: words.extras(offer.extras) })}</span>}
        </p>
        {offer.availableRooms <= FEW_ROOMS && <p className="mt-1 text-sm font-semibold text-amber-800">{t("common.roomsLeft", { count: offer.availableRooms })}</p>}
      </div>
      <ul className="mt-4 space-y-4" aria-label={t("offers.ratesFor", { room: offer.name })}>
        {offer.offers.map((plan) => (
          <RatePlanOffer key={plan.ratePlanId} room={offer} plan={plan} stay={stay} site={site} bookPage={bookPage} words={words} />
        ))}
      </ul>
    </li>
  );
}

/** The available room types, in the API's order (cheapest first). */
export function RoomOffers({ availability, site, bookPage, words }: { availability: AvailabilityView } & BookLink) {
  return (
    <ul className="space-y-4" aria-label={words.t("common.availableRooms")}>
      {availability.roomTypes.map((offer) => (
        <RoomOffer key={offer.roomTypeId} offer={offer} stay={availability} site={site} bookPage={bookPage} words={words} />
      ))}
    </ul>
  );
}
