import { formatMoney } from "@/lib/money/currency";
import type { ChannelBookings } from "@/lib/overview/recent-bookings-by-channel";

/** Bookings made lately by channel (an API key's label, or a staff member at the desk): how many, and what they are worth. */
export function OverviewRecentBookings({ byChannel, currency }: { byChannel: ChannelBookings[]; currency: string }) {
  if (!byChannel.length) return <p className="text-sm text-stone-600">No bookings were made in these days.</p>;
  const total = byChannel.reduce((sum, c) => ({ bookings: sum.bookings + c.bookings, amount: sum.amount + c.value.amount }), { bookings: 0, amount: 0 });
  return (
    <div className="overflow-x-auto">
      <table className="w-full max-w-xl text-left text-sm" data-testid="recent-bookings">
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-4">Made by</th>
            <th scope="col" className="py-2 pr-4 text-right">Bookings</th>
            <th scope="col" className="py-2 text-right">Value</th>
          </tr>
        </thead>
        <tbody>
          {byChannel.map((c) => (
            <tr key={`${c.source}:${c.label}`} className="border-b border-stone-200">
              <th scope="row" className="py-2 pr-4 font-normal">{c.label}</th>
              <td className="py-2 pr-4 text-right tabular-nums">{c.bookings}</td>
              <td className="py-2 text-right tabular-nums">{formatMoney(c.value)}</td>
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
