import Link from "next/link";
import { formatMoney } from "@/lib/money/currency";
import { describeCancellationTerms } from "@/lib/rate-plans/cancellation-in-words";
import type { OfferView } from "@/lib/schemas/rate-plans";

type Props = {
  offers: OfferView[];
  /** The offer booked with Create booking. */
  chosenId: string;
  /** The page with another offer chosen (a link: works without JavaScript). */
  hrefOf: (ratePlanId: string) => string;
  timeZone: string;
};

/** New booking's rate plans for the chosen room type: each with its total and cancellation terms, one chosen, the others a link away. */
export function DeskRatePlanOffers({ offers, chosenId, hrefOf, timeZone }: Props) {
  return (
    <section aria-labelledby="plans-heading" className="space-y-2">
      <h3 id="plans-heading" className="font-medium text-stone-800">Rate plan</h3>
      <ul className="space-y-2 text-sm" data-testid="desk-offers">
        {offers.map((offer) => {
          const terms = describeCancellationTerms(offer.cancellation, timeZone);
          const chosen = offer.ratePlanId === chosenId;
          return (
            <li key={offer.ratePlanId} aria-current={chosen ? "true" : undefined}
              className={`rounded-md border px-3 py-2 ${chosen ? "border-brand-600 bg-brand-50" : "border-stone-200 bg-white"}`}>
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">{offer.name}</span>
                <span>{formatMoney(offer.price)}</span>
              </p>
              <p className="text-stone-700">{terms.headline}. {terms.fee}</p>
              <p className="mt-1">
                {chosen ? <span className="font-medium text-brand-900">Chosen</span> : <Link className="text-brand-700 underline" href={hrefOf(offer.ratePlanId)}>Choose {offer.name}</Link>}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
