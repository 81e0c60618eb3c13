import { randomUUID } from "node:crypto";
import Link from "next/link";
import { GroupOffersForm } from "@/components/booking-widget/group-offers-form";
import { GuestDetailsForm } from "@/components/booking-widget/guest-details-form";
import { siteHref } from "@/components/booking-widget/site-href";
import { HiddenFields } from "@/components/booking-widget/stay-hidden-fields";
import { StayLine } from "@/components/booking-widget/stay-summary";
import { chosenRoomsOf } from "@/lib/guest-site/choose-rooms";
import { chosenRoomsParams, offerChoiceOf, roomField, roomsQueryParams } from "@/lib/guest-site/rooms-query";
import { searchRooms, type RoomsQuery } from "@/lib/guest-site/search-rooms";
import { cancellationSentence } from "@/lib/rate-plans/cancellation-in-words";
import { bookRoomsAction } from "../actions";
import { getHotel, getSite, getSiteClient, getWords } from "../_lib/guest-site";
import { queryValue, type PageSearchParams } from "../_lib/stay-query";

/** The stay in the link cannot be asked for (a date or a child's age missing, or refused by the API): what is wrong, and the way back. */
export function StayProblems({ problems, back, title }: { problems: string[]; back: React.ReactNode; title: string }) {
  return (
    <div className="space-y-4">
      <h1 className="font-serif text-4xl text-brand-900">{title}</h1>
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">{problems.map((p) => <p key={p}>{p}</p>)}</div>
      {back}
    </div>
  );
}

/**
 * Several rooms' details page: each room's choice priced again now (its room type, rate plan,
 * party, terms and price), the total, and one details form (the booker's) that books them all
 * at once or none (a booking group). A choice no longer offered, or more rooms of a type than
 * are free, goes back to the choices with the room named.
 */
export async function BookRooms({ params, query }: { params: PageSearchParams; query: RoomsQuery }) {
  const [hotel, site, words] = await Promise.all([getHotel(), getSite(), getWords()]);
  const { t } = words;
  const resultsHref = siteHref(site.ref, "/search", roomsQueryParams(query));
  const back = <Link className="text-brand-700 underline" href={resultsHref}>{t("common.backToRooms")}</Link>;
  const outcome = hotel ? await searchRooms(await getSiteClient(), query, hotel.today, words) : ({ kind: "unreachable" } as const);
  if (outcome.kind === "unreachable") return <StayProblems problems={[t("common.unreachable")]} back={back} title={t("book.title")} />;
  if (outcome.kind === "invalid") return <StayProblems problems={[...new Set(Object.values(outcome.fieldErrors))]} back={back} title={t("book.title")} />;

  const choices = query.rooms.map((_, index) => offerChoiceOf(queryValue(params, roomField(index, "offer"))));
  const chosen = chosenRoomsOf(outcome.rooms, choices, words);
  if (chosen.kind === "choose") {
    return (
      <div className="space-y-6">
        {back}
        <h1 className="font-serif text-4xl text-brand-900">{t("rooms.chooseHeading")}</h1>
        <GroupOffersForm stay={query} rooms={outcome.rooms} chosen={choices} roomErrors={chosen.roomErrors} site={site.ref} words={words} />
      </div>
    );
  }
  const { rooms } = chosen;
  const total = { amount: rooms.reduce((sum, room) => sum + room.plan.price.amount, 0), currency: rooms[0]!.plan.price.currency };
  const hidden = chosenRoomsParams(query, rooms);
  return (
    <div className="space-y-6">
      {back}
      <h1 className="font-serif text-4xl text-brand-900">{t("book.title")}</h1>
      <section aria-labelledby="your-rooms" className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <h2 id="your-rooms" className="font-serif text-2xl text-brand-900">{t("rooms.yourRooms", { rooms: rooms.length })}</h2>
        <ol className="space-y-3">
          {rooms.map((room, index) => (
            <li key={index} className="border-t border-stone-200 pt-3" data-testid="chosen-room">
              <p className="font-semibold text-stone-900">{t("rooms.roomNamed", { number: index + 1, room: room.offer.name })}</p>
              <p className="text-stone-800"><StayLine stay={room} words={words} /></p>
              <p className="text-stone-800">{t("book.rate")} <strong>{room.plan.name}</strong> · {words.money(room.plan.price)}</p>
              <p className="text-sm text-stone-700">{cancellationSentence(room.plan.cancellation, words)}</p>
            </li>
          ))}
        </ol>
        <p className="text-lg">{t.rich("common.totalIncluded", { price: words.money(total), strong: (chunks) => <strong data-testid="stay-total">{chunks}</strong> })}</p>
      </section>
      <GuestDetailsForm
        key={JSON.stringify(hidden)}
        action={bookRoomsAction}
        idempotencyKey={randomUUID()}
        hiddenFields={<HiddenFields fields={hidden} />}
        searchAgainHref={resultsHref}
        site={site.ref}
        lang={words.lang}
        hotelSendsEmail={hotel?.guestEmails ?? true}
      />
    </div>
  );
}
