import { formatMoney, formatStayDate } from "./format";

/** The price of each night of a stay, folded away until asked for. */
export function NightlyPrices({ nightly, currency }: { nightly: { date: string; amount: number }[]; currency: string }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-brand-700">Price of each night</summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {nightly.map((night) => (
          <li key={night.date} className="flex justify-between gap-4 border-b border-stone-100 py-1">
            <span>{formatStayDate(night.date)}</span>
            <span>{formatMoney({ amount: night.amount, currency })}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
