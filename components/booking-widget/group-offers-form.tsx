import type { GuestWords } from "@/lib/i18n/guest-words";
import { offerValue, roomField, roomsParams, type OfferChoice } from "@/lib/guest-site/rooms-query";
import type { SearchOutcome } from "@/lib/guest-site/search-stays";
import { cancellationTermsInWords } from "@/lib/rate-plans/cancellation-in-words";
import { FEW_ROOMS } from "./room-offers";
import type { SiteRef } from "./site-href";
import { HiddenFields } from "./stay-hidden-fields";

type Party = { adults: number; childrenAges: readonly number[] };

type Props = {
  stay: { checkin: string; checkout: string };
  /** Each room's search, in the rooms' order (searchRooms). */
  rooms: SearchOutcome[];
  /** Each room's offer chosen before (a choice to correct), else its cheapest. */
  chosen?: readonly (OfferChoice | null)[];
  /** What is wrong with a room's choice, by the room's index. */
  roomErrors?: Readonly<Record<number, string>>;
  site: SiteRef;
  /** The details page the choices go to (the desk: its own page, ""). */
  bookPage?: string;
  words: GuestWords;
};

/** Why a room has nothing to choose from, in the guest's words. */
function noOffers(room: Exclude<SearchOutcome, { kind: "offers" }>, words: GuestWords): string {
  const { t } = words;
  switch (room.kind) {
    case "too_many_adults":
      return t("rooms.tooManyAdults", { adults: words.adults(room.largestRoom) });
    case "party_too_large":
      return t("rooms.partyTooLarge", { party: words.party(room.party) });
    case "sold_out":
      return t("rooms.soldOut");
    default:
      return t("search.checkErrors");
  }
}

/**
 * Several rooms' results as one plain form (no JavaScript needed): a group per room ("Room 2:
 * 2 adults, 1 child (5)") with a choice of each room type and rate plan that takes its party,
 * priced for it (the cheapest chosen until the guest chooses another), then Continue to the
 * details page with the stay, every party and every choice. A room with nothing to choose says
 * why, and the form cannot go on until the search changes.
 */
export function GroupOffersForm({ stay, rooms, chosen = [], roomErrors = {}, site, bookPage = "/book", words }: Props) {
  const { t } = words;
  const parties: Party[] = rooms.map((room) => (room.kind === "offers" ? room.availability : { adults: 0, childrenAges: [] }));
  const complete = rooms.every((room) => room.kind === "offers");
  return (
    <form method="get" action={`${site.basePath}${bookPage}`} className="space-y-4" aria-label={t("rooms.formLabel")}>
      {site.lang && <input type="hidden" name="lang" value={site.lang} />}
      <input type="hidden" name="checkin" value={stay.checkin} />
      <input type="hidden" name="checkout" value={stay.checkout} />
      {complete && <HiddenFields fields={roomsParams(parties)} />}
      {rooms.map((room, index) => {
        const legend = t("rooms.roomFor", { number: index + 1, party: room.kind === "offers" ? words.party(room.availability) : "…" });
        const error = roomErrors[index];
        return (
          <fieldset key={index} className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200" aria-describedby={error ? `room${index + 1}-error` : undefined}>
            <legend className="float-left w-full font-serif text-xl text-brand-900">{legend}</legend>
            {error && <p id={`room${index + 1}-error`} role="alert" className="clear-both text-sm font-medium text-red-700">{error}</p>}
            {room.kind === "offers" ? (
              <div className="clear-both space-y-2">
                {room.availability.roomTypes.flatMap((offer) =>
                  offer.offers.map((plan) => {
                    const value = offerValue({ roomTypeId: offer.roomTypeId, ratePlanId: plan.ratePlanId });
                    const wanted = chosen[index];
                    const checked = wanted ? offerValue(wanted) === value : offer === room.availability.roomTypes[0] && plan === offer.offers[0];
                    return (
                      <label key={value} className="flex cursor-pointer flex-wrap items-start gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-stone-50" data-testid="group-offer">
                        <input type="radio" name={roomField(index, "offer")} value={value} defaultChecked={checked} required className="mt-1" />
                        <span className="min-w-0 flex-1">
                          <span className="font-semibold text-stone-900">{offer.name}</span> · {plan.name}
                          <span className="block text-sm text-stone-700">{cancellationTermsInWords(plan.cancellation, words)}</span>
                          {offer.availableRooms <= FEW_ROOMS && <span className="block text-sm font-semibold text-amber-800">{t("common.roomsLeft", { count: offer.availableRooms })}</span>}
                        </span>
                        <span className="font-semibold text-stone-900">{words.money(plan.price)}</span>
                      </label>
                    );
                  }),
                )}
              </div>
            ) : (
              <p className="clear-both text-amber-900">{noOffers(room, words)}</p>
            )}
          </fieldset>
        );
      })}
      {complete ? (
        <button type="submit" className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none">
          {t("rooms.continue")}
        </button>
      ) : (
        <p role="status" className="text-stone-800">{t("rooms.changeSearch")}</p>
      )}
    </form>
  );
}
