import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { randomUUID } from "node:crypto";
import { isId } from "@/lib/ids";
import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";
import { fieldErrorsOf } from "@/lib/guest-site/guest-messages";
import { stayParamsOf } from "@/lib/guest-site/search-stays";
import { isPartnerApiError, PartnerApiUnreachable } from "@/lib/partner-client/partner-api-error";
import type { PartnerClient } from "@/lib/partner-client/partner-client";
import { searchHref } from "@/components/booking-widget/format";
import { GuestDetailsForm } from "@/components/booking-widget/guest-details-form";
import { NightlyPrices } from "@/components/booking-widget/nightly-prices";
import { RoomOffer, RoomOffers } from "@/components/booking-widget/room-offers";
import { StayHiddenFields } from "@/components/booking-widget/stay-hidden-fields";
import { StayLine } from "@/components/booking-widget/stay-summary";
import { bookAction } from "../actions";
import { getHotel, getSite, getSiteClient, getWords } from "../_lib/guest-site";
import { queryValue, roomsQueryOf, type PageSearchParams } from "../_lib/stay-query";
import { BookRooms, StayProblems } from "./book-rooms";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords()).t("book.title") };
}

/**
 * The chosen room and rate for the stay, priced again now with its cancellation terms, and the
 * guest details form. Each rendering of the form is one booking attempt with its own
 * Idempotency-Key. Without a rate (or one no longer offered) the room's rates to choose from.
 * Several rooms: BookRooms.
 */
export default async function BookPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const params = await searchParams;
  const rooms = roomsQueryOf(params);
  if (rooms.rooms.length > 1) return <BookRooms params={params} query={rooms} />;
  const stay = { checkin: rooms.checkin, checkout: rooms.checkout, ...rooms.rooms[0]! };
  const roomTypeId = queryValue(params, "roomTypeId");
  if (!isId("rt", roomTypeId)) notFound();
  const ratePlanId = queryValue(params, "ratePlanId");
  const [site, client, words] = await Promise.all([getSite(), getSiteClient(), getWords()]);
  const { t } = words;
  const back = <Link className="text-brand-700 underline" href={searchHref(site.ref, { ...stay, childrenAges: stay.ages })}>{t("common.backToRooms")}</Link>;

  const asked = stayParamsOf(stay, words);
  if ("fieldErrors" in asked) return <StayProblems problems={Object.values(asked.fieldErrors)} back={back} title={t("book.title")} />;
  let availability;
  try {
    availability = await client.availability(asked.stay);
  } catch (error) {
    if (!(error instanceof PartnerApiUnreachable) && !isPartnerApiError(error, "validation_failed")) throw error;
    const problems = error instanceof PartnerApiUnreachable ? [t("common.unreachable")] : Object.values(fieldErrorsOf(error, words));
    return <StayProblems problems={problems} back={back} title={t("book.title")} />;
  }
  const offer = availability.roomTypes.find((r) => r.roomTypeId === roomTypeId);
  const plan = offer?.offers.find((o) => o.ratePlanId === ratePlanId);
  if (!offer && !(await roomTypeExists(client, roomTypeId))) notFound();
  if (!offer) {
    return (
      <div className="space-y-6">
        <h1 className="font-serif text-4xl text-brand-900">{t("book.noLongerFree")}</h1>
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {t("book.bookedByOther")} {availability.roomTypes.length ? t("book.othersFree") : t("book.noneFree")}
        </p>
        <RoomOffers availability={availability} site={site.ref} words={words} />
        {back}
      </div>
    );
  }
  if (!plan) {
    // No rate chosen (an older link), or the one chosen is no longer offered: the room's rates to choose from.
    return (
      <div className="space-y-6">
        {back}
        <h1 className="font-serif text-4xl text-brand-900">{t("book.chooseRate")}</h1>
        {ratePlanId && <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">{t("book.rateGone")}</p>}
        <ul className="space-y-4" aria-label={t("common.availableRooms")}>
          <RoomOffer offer={offer} stay={availability} site={site.ref} words={words} />
        </ul>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {back}
      <h1 className="font-serif text-4xl text-brand-900">{t("book.title")}</h1>
      <section aria-label={t("book.yourStay")} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <h2 className="font-serif text-2xl text-brand-900">{offer.name}</h2>
        <p className="mt-1 text-stone-800"><StayLine stay={availability} words={words} /></p>
        {plan.extras.length > 0 && <p className="mt-1 text-stone-800" data-testid="stay-includes">{t("offers.includes", { extras: words.extras(plan.extras) })}</p>}
        <p className="mt-2 text-stone-800">{t("book.rate")} <strong data-testid="stay-rate-plan">{plan.name}</strong></p>
        <p className="mt-1 text-stone-800" data-testid="stay-cancellation">{cancellationSentence(plan.cancellation, words)}</p>
        <p className="mt-2 text-lg">{t.rich("common.totalIncluded", { price: words.money(plan.price), strong: (chunks) => <strong data-testid="stay-total">{chunks}</strong> })}</p>
        <NightlyPrices nightly={plan.nightly} currency={plan.price.currency} words={words} />
      </section>
      <GuestDetailsForm
        key={`${roomTypeId}|${plan.ratePlanId}|${availability.checkin}|${availability.checkout}|${availability.adults}|${availability.childrenAges.join(",")}`}
        action={bookAction}
        idempotencyKey={randomUUID()}
        hiddenFields={<StayHiddenFields stay={{ roomTypeId, ratePlanId: plan.ratePlanId, ...availability }} />}
        searchAgainHref={searchHref(site.ref, availability)}
        site={site.ref}
        lang={words.lang}
        hotelSendsEmail={(await getHotel())?.guestEmails ?? true}
        stay={availability}
      />
    </div>
  );
}

/** Whether the hotel has this room type at all (a room not offered may simply be sold out). */
async function roomTypeExists(client: PartnerClient, roomTypeId: string): Promise<boolean> {
  try {
    await client.roomType(roomTypeId);
    return true;
  } catch (error) {
    if (isPartnerApiError(error, "not_found")) return false;
    throw error;
  }
}
