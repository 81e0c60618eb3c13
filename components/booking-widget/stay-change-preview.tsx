import type { GuestWords } from "@/lib/i18n/guest-words";
import type { ChangeStayState } from "./form-states";
import { NightlyPrices } from "./nightly-prices";
import { PartyHiddenFields } from "./stay-hidden-fields";
import { StayLine } from "./stay-summary";

type Preview = NonNullable<ChangeStayState["preview"]>;

/**
 * The change as it would be: the new stay, its total and each night's price, and what it
 * costs against the booking's total now; then Confirm change (with the previewed price and
 * the preview's Idempotency-Key) or back to the dates.
 */
export function StayChangePreview({ preview, words, token, action, pending, error, headingRef }: { preview: Preview; words: GuestWords; token: string; action: (form: FormData) => void; pending: boolean; error?: string; headingRef?: React.Ref<HTMLHeadingElement> }) {
  const { quote, currentPrice } = preview;
  const { t } = words;
  const difference = words.priceDifference(quote.price, currentPrice);
  const stay = <StayFields token={token} stay={quote} />;
  return (
    <section aria-labelledby="change-preview-heading" className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="change-preview-heading" ref={headingRef} tabIndex={-1} className="font-serif text-2xl text-brand-900 focus:outline-none">{t("change.afterHeading")}</h2>
      {(preview.priceChanged || error) && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {preview.priceChanged && <p>{t("change.priceMoved")}</p>}
          {error && <p>{error}</p>}
        </div>
      )}
      <p className="text-stone-800"><StayLine stay={quote} words={words} /></p>
      {quote.extras && quote.extras.length > 0 && <p className="text-sm text-stone-800" data-testid="new-includes">{t("offers.includes", { extras: words.extras(quote.extras) })}</p>}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[11rem_1fr]">
        <dt className="text-sm font-medium text-stone-600">{t("change.newTotal")}</dt>
        <dd><strong data-testid="new-price" className="text-lg">{words.money(quote.price)}</strong></dd>
        <dt className="text-sm font-medium text-stone-600">{t("change.totalNow")}</dt>
        <dd data-testid="current-price">{words.money(currentPrice)}</dd>
        <dt className="text-sm font-medium text-stone-600">{t("change.difference")}</dt>
        <dd data-testid="price-difference">{difference ?? t("change.samePrice")}</dd>
      </dl>
      <NightlyPrices nightly={quote.nightly} currency={quote.price.currency} words={words} open />
      <div className="flex flex-wrap items-center gap-4">
        <form action={action}>
          {stay}
          <input type="hidden" name="step" value="confirm" />
          <input type="hidden" name="expectedAmount" value={quote.price.amount} />
          <input type="hidden" name="expectedCurrency" value={quote.price.currency} />
          <input type="hidden" name="idempotencyKey" value={preview.idempotencyKey} />
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none disabled:opacity-70">
            {pending ? t("change.changing") : t("change.confirm")}
          </button>
        </form>
        <form action={action}>
          {stay}
          <input type="hidden" name="step" value="edit" />
          <button type="submit" disabled={pending} className="rounded-md border border-stone-300 bg-white px-5 py-2 font-medium text-brand-700 hover:bg-stone-50 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none disabled:opacity-70">
            {t("change.otherDates")}
          </button>
        </form>
      </div>
    </section>
  );
}

/** The booking's token and a stay with its party, as hidden fields of a change form's step (step: which one, when the button does not say). */
export function StayFields({ token, stay, step }: { token: string; stay: { checkin: string; checkout: string; adults: string | number; childrenAges: readonly (string | number)[] }; step?: string }) {
  return (
    <>
      <input type="hidden" name="token" value={token} />
      {step && <input type="hidden" name="step" value={step} />}
      <input type="hidden" name="checkin" value={stay.checkin} />
      <input type="hidden" name="checkout" value={stay.checkout} />
      <PartyHiddenFields party={stay} />
    </>
  );
}
