import { formatMoney } from "@/lib/money/currency";
import type { KeyBookings } from "@/lib/overview/recent-bookings-by-key";

/** Label shown for bookings made without an API key (the panel, the admin CLI). */
export const MADE_ELSEWHERE = "Made elsewhere";

/** Bookings made lately by key label: how many, and what they are worth. */
export function OverviewRecentBookings({ byKey, currency }: { byKey: KeyBookings[]; currency: string }) {
  if (!byKey.length) return <p className="text-sm text-stone-600">No bookings were made in these days.</p>;
  const total = byKey.reduce((sum, k) => ({ bookings: sum.bookings + k.bookings, amount: sum.amount + k.value.amount }), { bookings: 0, amount: 0 });
  return (
    <div className="overflow-x-auto">
      <table className="w-full max-w-xl text-left text-sm" data-testid="recent-bookings">
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-4">Made by (API key)</th>
            <th scope="col" className="py-2 pr-4 text-right">Bookings</th>
            <th scope="col" className="py-2 text-right">Value</th>
          </tr>
        </thead>
        <tbody>
          {byKey.map((k) => (
            <tr key={k.label ?? ""} className="border-b border-stone-200">
              <th scope="row" className="py-2 pr-4 font-normal">{k.label ?? <span className="text-stone-600">{MADE_ELSEWHERE}</span>}</th>
              <td className="py-2 pr-4 text-right tabular-nums">{k.bookings}</td>
              <td className="py-2 text-right tabular-nums">{formatMoney(k.value)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 pr-4">All</th>
            <td className="py-2 pr-4 text-right font-medium tabular-nums">{total.bookings}</td>
            <td className="py-2 text-right font-medium tabular-nums">{formatMoney({ amount: total.amount, currency })}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
