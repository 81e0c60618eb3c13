import { formatPriceDifference } from "@/lib/money/price-difference";
import type { ChangeStayState } from "./form-states";
import { formatMoney } from "./format";
import { NightlyPrices } from "./nightly-prices";
import { StayLine } from "./stay-summary";

type Preview = NonNullable<ChangeStayState["preview"]>;

/**
 * The change as it would be: the new stay, its total and each night's price, and what it
 * costs against the booking's total now; then Confirm change (with the previewed price and
 * the preview's Idempotency-Key) or back to the dates.
 */
export function StayChangePreview({ preview, token, action, pending, error, headingRef }: { preview: Preview; token: string; action: (form: FormData) => void; pending: boolean; error?: string; headingRef?: React.Ref<HTMLHeadingElement> }) {
  const { quote, currentPrice } = preview;
  const difference = formatPriceDifference(quote.price, currentPrice);
  const stay = <StayFields token={token} stay={quote} />;
  return (
    <section aria-labelledby="change-preview-heading" className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id="change-preview-heading" ref={headingRef} tabIndex={-1} className="font-serif text-2xl text-brand-900 focus:outline-none">Your booking after the change</h2>
      {(preview.priceChanged || error) && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {preview.priceChanged && <p>The price of this change has moved since you saw it. This is the new price: confirm again to accept it.</p>}
          {error && <p>{error}</p>}
        </div>
      )}
      <p className="text-stone-800"><StayLine stay={quote} /></p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[11rem_1fr]">
        <dt className="text-sm font-medium text-stone-600">New total</dt>
        <dd><strong data-testid="new-price" className="text-lg">{formatMoney(quote.price)}</strong></dd>
        <dt className="text-sm font-medium text-stone-600">Total now</dt>
        <dd data-testid="current-price">{formatMoney(currentPrice)}</dd>
        <dt className="text-sm font-medium text-stone-600">Difference</dt>
        <dd data-testid="price-difference">{difference ?? "Same price"}</dd>
      </dl>
      <NightlyPrices nightly={quote.nightly} currency={quote.price.currency} open />
      <div className="flex flex-wrap items-center gap-4">
        <form action={action}>
          {stay}
          <input type="hidden" name="step" value="confirm" />
          <input type="hidden" name="expectedAmount" value={quote.price.amount} />
          <input type="hidden" name="expectedCurrency" value={quote.price.currency} />
          <input type="hidden" name="idempotencyKey" value={preview.idempotencyKey} />
          <button type="submit" disabled={pending} className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none disabled:opacity-70">
            {pending ? "Changing…" : "Confirm change"}
          </button>
        </form>
        <form action={action}>
          {stay}
          <input type="hidden" name="step" value="edit" />
          <button type="submit" disabled={pending} className="rounded-md border border-stone-300 bg-white px-5 py-2 font-medium text-brand-700 hover:bg-stone-50 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none disabled:opacity-70">
            Choose other dates
          </button>
        </form>
      </div>
    </section>
  );
}

/** The booking's token and a stay, as hidden fields of a change form's step (step: which one, when the button does not say). */
export function StayFields({ token, stay, step }: { token: string; stay: { checkin: string; checkout: string; adults: string | number }; step?: string }) {
  return (
    <>
      <input type="hidden" name="token" value={token} />
      {step && <input type="hidden" name="step" value={step} />}
      <input type="hidden" name="checkin" value={stay.checkin} />
      <input type="hidden" name="checkout" value={stay.checkout} />
      <input type="hidden" name="adults" value={stay.adults} />
    </>
  );
}
