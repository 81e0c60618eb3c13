import type { GuestWords } from "@/lib/i18n/guest-words";

/**
 * The price of each night of a stay, folded away until asked for: a table of one night a row,
 * the date on the left and the amount aligned right, so neither runs into the next.
 */
export function NightlyPrices({ nightly, currency, open, words }: { nightly: { date: string; amount: number }[]; currency: string; open?: boolean; words: GuestWords }) {
  const { t } = words;
  return (
    <details className="mt-3 text-sm" open={open}>
      <summary className="cursor-pointer text-brand-700">{t("offers.nightlyPrices")}</summary>
      <table className="mt-2 w-full max-w-xs border-collapse" aria-label={t("offers.nightlyPrices")}>
        <thead className="sr-only">
          <tr><th scope="col">{t("offers.night")}</th><th scope="col">{t("offers.price")}</th></tr>
        </thead>
        <tbody>
          {nightly.map((night) => (
            <tr key={night.date} className="border-b border-stone-100">
              <td className="py-1 pr-6">{words.stayDate(night.date)}</td>
              <td className="py-1 text-right tabular-nums">{words.money({ amount: night.amount, currency })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
