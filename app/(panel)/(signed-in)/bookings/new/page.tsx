import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import Link from "next/link";
import { bookHref, formatMoney, searchHref } from "@/components/booking-widget/format";
import type { SiteRef } from "@/components/booking-widget/site-href";
import { guestWords } from "@/lib/i18n/guest-words";
import { asksForChildAges } from "@/lib/guest-site/party-query";
import { roomPartiesOf } from "@/lib/guest-site/rooms-query";
import { NightlyPrices } from "@/components/booking-widget/nightly-prices";
import { RoomOffers } from "@/components/booking-widget/room-offers";
import { SearchForm } from "@/components/booking-widget/search-form";
import { StayHiddenFields } from "@/components/booking-widget/stay-hidden-fields";
import { StayLine } from "@/components/booking-widget/stay-summary";
import { DeskBookingForm } from "@/components/panel/desk-booking-form";
import { DeskRatePlanOffers } from "@/components/panel/desk-rate-plan-offers";
import { getDb } from "@/lib/db";
import { PROPERTY_CLOCK, propertyToday } from "@/lib/properties/property-today";
import { openProperty, requireStaff } from "../../../_lib/panel-session";
import { type SearchParams } from "../../../_lib/search-params";
import { createDeskBookingAction } from "./actions";
import { DeskRooms } from "./desk-rooms";
import { searchDeskOffers, type DeskSearchQuery } from "./desk-search";

export const metadata: Metadata = { title: "New booking" };

/** The desk's one page: its search, offers and booking form are steps of it. */
const DESK: SiteRef = { basePath: "/bookings/new" };
/** The desk reuses the guest widget's parts, in the staff's English. */
const WORDS = guestWords("en");

/**
 * New booking (admins), for a guest on the phone or at the desk: the stay and who stays (a GET
 * form: adults, children and each child's age), the room types that can take it with their
 * prices (the partner API's availability), then the chosen one's rate plans (each with its total
 * and cancellation terms; the Standard plan unless another is chosen), the guest details and
 * Create booking. Every rendering of the details form is one booking attempt with its own key.
 * Several rooms (the search's Rooms): DeskRooms.
 */
export default async function NewBookingPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const heading = (
    <>
      <Link className="text-sm text-brand-700 underline" href="/bookings">← Bookings</Link>
      <h1 className="font-serif text-3xl text-brand-900">New booking</h1>
    </>
  );
  if (open.role !== "admin") {
    return (
      <div className="space-y-6">
        {heading}
        <p role="status" className="text-stone-700">Only admins of {open.propertyName} make bookings here; as a viewer you can see every booking in Bookings.</p>
      </div>
    );
  }

  const raw = await searchParams;
  const pick = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string).trim() : "");
  const parties = roomPartiesOf(pick);
  const db = getDb();
  const property = await db.property.findUniqueOrThrow({ where: { id: open.propertyId }, select: { id: true, currency: true, guestEmailsEnabled: true, ...PROPERTY_CLOCK } });
  const stay = { checkin: pick("checkin"), checkout: pick("checkout") };
  if (parties.length > 1) return <DeskRooms heading={heading} propertyId={open.propertyId} property={property} query={{ ...stay, rooms: parties }} pick={pick} desk={DESK} words={WORDS} />;
  const query: DeskSearchQuery = { ...stay, ...parties[0]! };
  const search = await searchDeskOffers(db, property, query, WORDS);
  const availability = search.kind === "offers" ? search.availability : undefined;
  const chosen = availability?.roomTypes.find((offer) => offer.roomTypeId === pick("roomTypeId"));
  const offersHref = searchHref(DESK, { ...query, childrenAges: query.ages }, "");
  // The rate plan booked: the one asked for, else the Standard plan (v1's terms), else the cheapest.
  const standard = chosen ? await db.ratePlan.findFirst({ where: { propertyId: property.id, standard: true }, select: { id: true } }) : null;
  const offers = chosen?.offers ?? [];
  const offer = offers.find((o) => o.ratePlanId === pick("ratePlanId")) ?? offers.find((o) => o.ratePlanId === standard?.id) ?? offers[0];
  const planHref = (ratePlanId: string) => bookHref(DESK, availability!, chosen!.roomTypeId, ratePlanId, "");

  return (
    <div className="space-y-6">
      {heading}
      <section aria-labelledby="stay-heading" className="space-y-3">
        <h2 id="stay-heading" className="font-serif text-2xl text-brand-900">Stay</h2>
        <SearchForm values={{ ...stay, rooms: parties }} errors={search.kind === "invalid" ? search.fieldErrors : {}} today={propertyToday(property)} site={DESK} page="" words={WORDS} />
        {search.kind === "invalid" && (
          <p role="alert" className="text-sm text-red-700">{asksForChildAges(search.fieldErrors) ? "Choose each child's age: which room types take the party, and their prices, depend on it." : "Check the highlighted fields."}</p>
        )}
      </section>
      {availability && chosen && (
        <>
          <section aria-labelledby="chosen-heading" className="space-y-1">
            <h2 id="chosen-heading" className="font-serif text-2xl text-brand-900">{chosen.name}</h2>
            <p><StayLine stay={availability} words={WORDS} /></p>
            <p>Total <strong data-testid="desk-total">{formatMoney(offer?.price ?? chosen.price)}</strong>{offer && offers.length > 1 ? ` (${offer.name})` : ""}, taxes and fees included</p>
            {(offer?.extras ?? chosen.extras).length > 0 && <p data-testid="desk-includes">{WORDS.t("offers.includes", { extras: WORDS.extras(offer?.extras ?? chosen.extras) })}</p>}
            <NightlyPrices nightly={offer?.nightly ?? chosen.nightly} currency={chosen.price.currency} words={WORDS} />
            <p><Link className="text-sm text-brand-700 underline" href={offersHref}>Choose another room type</Link></p>
          </section>
          {offer && <DeskRatePlanOffers offers={offers} chosenId={offer.ratePlanId} hrefOf={planHref} timeZone={property.timezone} />}
          <DeskBookingForm
            key={bookHref(DESK, availability, chosen.roomTypeId, offer?.ratePlanId, "")}
            propertyId={open.propertyId}
            hiddenFields={<StayHiddenFields stay={{ roomTypeId: chosen.roomTypeId, ratePlanId: offer?.ratePlanId, ...availability }} />}
            idempotencyKey={`desk-${randomUUID()}`}
            guestEmails={property.guestEmailsEnabled}
            offersHref={offersHref}
            action={createDeskBookingAction}
          />
        </>
      )}
      {availability && !chosen && (
        <section aria-labelledby="offers-heading" className="space-y-3">
          <h2 id="offers-heading" className="font-serif text-2xl text-brand-900">Room types free for the stay</h2>
          <p><StayLine stay={availability} words={WORDS} /></p>
          {pick("roomTypeId") && <p role="alert" className="text-sm text-red-700">That room type cannot take this stay now: choose one of these.</p>}
          {availability.roomTypes.length ? (
            <RoomOffers availability={availability} site={DESK} bookPage="" words={WORDS} />
          ) : (
            <p role="status" className="text-stone-700">No room type can take this stay: each is full, closed on a night of it or too small. Try other dates.</p>
          )}
        </section>
      )}
    </div>
  );
}
