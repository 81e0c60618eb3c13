import { randomUUID } from "node:crypto";
import Link from "next/link";
import { GroupOffersForm } from "@/components/booking-widget/group-offers-form";
import { SearchForm } from "@/components/booking-widget/search-form";
import type { SiteRef } from "@/components/booking-widget/site-href";
import { siteHref } from "@/components/booking-widget/site-href";
import { HiddenFields } from "@/components/booking-widget/stay-hidden-fields";
import { StayLine } from "@/components/booking-widget/stay-summary";
import { DeskBookingForm } from "@/components/panel/desk-booking-form";
import type { Db } from "@/lib/db";
import { getDb } from "@/lib/db";
import { chosenRoomsOf } from "@/lib/guest-site/choose-rooms";
import { asksForChildAges } from "@/lib/guest-site/party-query";
import { chosenRoomsParams, offerChoiceOf, offerValue, roomField, roomsFieldErrors, roomsJustAdded, roomsQueryParams } from "@/lib/guest-site/rooms-query";
import type { RoomsQuery } from "@/lib/guest-site/search-rooms";
import type { SearchOutcome } from "@/lib/guest-site/search-stays";
import type { GuestWords } from "@/lib/i18n/guest-words";
import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";
import { formatMoney } from "@/lib/money/currency";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import { createDeskGroupAction } from "./actions";
import { searchDeskOffers } from "./desk-search";

type Property = PropertyClockFacts & { id: string; currency: string; guestEmailsEnabled: boolean };

/** Each room's offers at the desk (the API's availability for its party), or the search's field errors under the form's names (room2.adults...). */
async function searchDeskRooms(db: Db, property: Property, query: RoomsQuery, words: GuestWords) {
  // Rooms just added without JavaScript have no fields yet: the form shows them first.
  if (roomsJustAdded(query.rooms)) return { kind: "none" as const };
  const searches = await Promise.all(query.rooms.map((party) => searchDeskOffers(db, property, { checkin: query.checkin, checkout: query.checkout, ...party }, words)));
  const fieldErrors = roomsFieldErrors(searches.map((search) => (search.kind === "invalid" ? search.fieldErrors : undefined)));
  if (Object.keys(fieldErrors).length) return { kind: "invalid" as const, fieldErrors };
  if (searches.some((search) => search.kind === "none")) return { kind: "none" as const };
  const rooms = searches.map((search): SearchOutcome => {
    if (search.kind !== "offers") throw new Error("unreachable: every room's search has offers here");
    return search.availability.roomTypes.length ? { kind: "offers", availability: search.availability } : { kind: "sold_out", nights: search.availability.nights, suggestions: [] };
  });
  return { kind: "rooms" as const, rooms };
}

/**
 * New booking for several rooms at once (a booking group: all or none): each room's party
 * searched, each room's room type and rate plan chosen in one form, then the chosen rooms with
 * their prices and terms, and the booker's details (every room in their name) with Book N rooms.
 */
export async function DeskRooms({ heading, propertyId, property, query, pick, desk, words }: { heading: React.ReactNode; propertyId: string; property: Property; query: RoomsQuery; pick: (name: string) => string; desk: SiteRef; words: GuestWords }) {
  const search = await searchDeskRooms(getDb(), property, query, words);
  const choices = query.rooms.map((_, index) => offerChoiceOf(pick(roomField(index, "offer"))));
  const chosen = search.kind === "rooms" && choices.some(Boolean) ? chosenRoomsOf(search.rooms, choices, words) : null;
  const offersHref = siteHref(desk, "", roomsQueryParams(query));
  return (
    <div className="space-y-6">
      {heading}
      <section aria-labelledby="stay-heading" className="space-y-3">
        <h2 id="stay-heading" className="font-serif text-2xl text-brand-900">Stay</h2>
        <SearchForm values={query} errors={search.kind === "invalid" ? search.fieldErrors : {}} today={propertyToday(property)} site={desk} page="" words={words} />
        {search.kind === "invalid" && (
          <p role="alert" className="text-sm text-red-700">{asksForChildAges(search.fieldErrors) ? "Choose each child's age: which room types take the party, and their prices, depend on it." : "Check the highlighted fields."}</p>
        )}
      </section>
      {search.kind === "rooms" && chosen?.kind !== "chosen" && (
        <section aria-labelledby="offers-heading" className="space-y-3">
          <h2 id="offers-heading" className="font-serif text-2xl text-brand-900">Choose each room</h2>
          <GroupOffersForm stay={query} rooms={search.rooms} chosen={choices} roomErrors={chosen?.roomErrors} site={desk} bookPage="" words={words} />
        </section>
      )}
      {chosen?.kind === "chosen" && (
        <>
          <section aria-labelledby="chosen-heading" className="space-y-2">
            <h2 id="chosen-heading" className="font-serif text-2xl text-brand-900">{chosen.rooms.length} rooms</h2>
            <ol className="space-y-2">
              {chosen.rooms.map((room, index) => (
                <li key={index} data-testid="desk-room">
                  <strong>Room {index + 1}: {room.offer.name}</strong>, {room.plan.name}, {formatMoney(room.plan.price)} · <StayLine stay={room} words={words} />
                  <span className="block text-sm text-stone-700">{cancellationSentence(room.plan.cancellation, words)}</span>
                </li>
              ))}
            </ol>
            <p>Total <strong data-testid="desk-total">{formatMoney({ amount: chosen.rooms.reduce((sum, room) => sum + room.plan.price.amount, 0), currency: property.currency })}</strong>, taxes and fees included</p>
            <p><Link className="text-sm text-brand-700 underline" href={offersHref}>Choose other rooms</Link></p>
          </section>
          <DeskBookingForm
            key={JSON.stringify(chosen.rooms.map(offerValue))}
            propertyId={propertyId}
            rooms={chosen.rooms.length}
            hiddenFields={<HiddenFields fields={chosenRoomsParams(query, chosen.rooms)} />}
            idempotencyKey={`desk-${randomUUID()}`}
            guestEmails={property.guestEmailsEnabled}
            offersHref={offersHref}
            action={createDeskGroupAction}
          />
        </>
      )}
    </div>
  );
}
