import { formatMoney, formatStayDate } from "./format";

/**
 * The price of each night of a stay, folded away until asked for: a table of one night a row,
 * the date on the left and the amount aligned right, so neither runs into the next.
 */
export function NightlyPrices({ nightly, currency, open }: { nightly: { date: string; amount: number }[]; currency: string; open?: boolean }) {
  return (
    <details className="mt-3 text-sm" open={open}>
      <summary className="cursor-pointer text-brand-700">Price of each night</summary>
      <table className="mt-2 w-full max-w-xs border-collapse" aria-label="Price of each night">
        <thead className="sr-only">
          <tr><th scope="col">Night</th><th scope="col">Price</th></tr>
        </thead>
        <tbody>
          {nightly.map((night) => (
            <tr key={night.date} className="border-b border-stone-100">
              <td className="py-1 pr-6">{formatStayDate(night.date)}</td>
              <td className="py-1 text-right tabular-nums">{formatMoney({ amount: night.amount, currency })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
