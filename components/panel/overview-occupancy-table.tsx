import { formatNight } from "@/lib/dates/format-calendar-date";
import { formatOccupancy, type OccupancyNight } from "@/lib/overview/occupancy";

/** The occupancy chart's numbers, night by night, as a table (for screen readers, and anyone who wants the figures). */
export function OverviewOccupancyTable({ nights }: { nights: OccupancyNight[] }) {
  return (
    <table className="w-full max-w-xl text-left text-sm" data-testid="occupancy-table">
      <caption className="sr-only">Occupancy of each night: rooms sold, rooms for sale and the share sold</caption>
      <thead>
        <tr className="border-b border-stone-300">
          <th scope="col" className="py-1 pr-4">Night</th>
          <th scope="col" className="py-1 pr-4 text-right">Sold</th>
          <th scope="col" className="py-1 pr-4 text-right">For sale</th>
          <th scope="col" className="py-1 text-right">Occupancy</th>
        </tr>
      </thead>
      <tbody>
        {nights.map((night) => (
          <tr key={night.date} className="border-b border-stone-100">
            <th scope="row" className="py-1 pr-4 font-normal"><time dateTime={night.date}>{formatNight(night.date)}</time></th>
            <td className="py-1 pr-4 text-right tabular-nums">{night.roomsSold}</td>
            <td className="py-1 pr-4 text-right tabular-nums">{night.roomsForSale}</td>
            <td className="py-1 text-right tabular-nums">{formatOccupancy(night.occupancy)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
