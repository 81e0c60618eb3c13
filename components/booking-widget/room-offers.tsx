import Link from "next/link";
import type { AvailabilityView } from "@/lib/schemas/availability";
import { adultsLabel, bookHref, formatMoney, nightsLabel } from "./format";
import { NightlyPrices } from "./nightly-prices";

/** Rooms left at or below this are shown ("Only 2 rooms left"). */
export const FEW_ROOMS = 3;

type Offer = AvailabilityView["roomTypes"][number];

/** One available room type: what it is, what the stay costs in all and night by night, and Choose. */
export function RoomOffer({ offer, stay, bookPath }: { offer: Offer; stay: { checkin: string; checkout: string; adults: number; nights: number }; bookPath?: string }) {
  const headingId = `offer-${offer.roomTypeId}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-xl">
          <h3 id={headingId} className="font-serif text-2xl text-brand-900">{offer.name}</h3>
          <p className="mt-1 text-stone-700">{offer.description}</p>
          <p className="mt-2 text-sm text-stone-700">Sleeps up to {adultsLabel(offer.maxAdults)}</p>
          {offer.availableRooms <= FEW_ROOMS && (
            <p className="mt-1 text-sm font-semibold text-amber-800">Only {offer.availableRooms} room{offer.availableRooms === 1 ? "" : "s"} left</p>
          )}
        </div>
        <div className="sm:text-right">
          <p className="text-sm text-stone-700">{nightsLabel(stay.nights)}, total</p>
          <p className="text-2xl font-semibold text-stone-900" data-testid="offer-total">{formatMoney(offer.price)}</p>
          <Link
            href={bookHref(stay, offer.roomTypeId, bookPath)}
            aria-label={`Choose ${offer.name}`}
            className="mt-3 inline-block rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none"
          >
            Choose
          </Link>
        </div>
      </div>
      <NightlyPrices nightly={offer.nightly} currency={offer.price.currency} />
    </li>
  );
}

/** The available room types, in the API's order (cheapest first). */
export function RoomOffers({ availability, bookPath }: { availability: AvailabilityView; bookPath?: string }) {
  return (
    <ul className="space-y-4" aria-label="Available rooms">
      {availability.roomTypes.map((offer) => (
        <RoomOffer key={offer.roomTypeId} offer={offer} stay={availability} bookPath={bookPath} />
      ))}
    </ul>
  );
}
