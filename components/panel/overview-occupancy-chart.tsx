import { dayOfWeek } from "@/lib/dates/calendar-date";
import { formatOccupancy, type OccupancyNight } from "@/lib/overview/occupancy";
import { formatNight } from "@/lib/dates/format-calendar-date";

const WIDTH = 480;
const HEIGHT = 200;
const LEFT = 40;
const RIGHT = 6;
const TOP = 10;
const BOTTOM = 28;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

/** One sentence for the chart's description: the range, the emptiest and fullest nights, the average. */
export function describeOccupancy(nights: OccupancyNight[]): string {
  const known = nights.filter((n): n is OccupancyNight & { occupancy: number } => n.occupancy !== null);
  if (!nights.length) return "No nights.";
  const range = `${formatNight(nights[0]!.date)} to ${formatNight(nights.at(-1)!.date)}`;
  if (!known.length) return `${range}: nothing is for sale.`;
  const lowest = known.reduce((a, b) => (b.occupancy < a.occupancy ? b : a));
  const highest = known.reduce((a, b) => (b.occupancy > a.occupancy ? b : a));
  const sold = known.reduce((sum, n) => sum + n.roomsSold, 0);
  const forSale = known.reduce((sum, n) => sum + n.roomsForSale, 0);
  return `${range}: lowest ${formatOccupancy(lowest.occupancy)} (${formatNight(lowest.date)}), highest ${formatOccupancy(highest.occupancy)} (${formatNight(highest.date)}), ${formatOccupancy(sold / forSale)} over all ${nights.length} nights. Each night's figures are in the table below.`;
}

/**
 * The occupancy of each night as a bar chart, drawn on the server as SVG (no script, no
 * library). Friday and Saturday nights are a darker shade; a night with nothing for sale has a
 * dash instead of a bar. The chart is one image with a title and a description for screen
 * readers; the numbers themselves are in OverviewOccupancyTable.
 */
export function OverviewOccupancyChart({ nights, id }: { nights: OccupancyNight[]; id: string }) {
  const slot = PLOT_WIDTH / Math.max(nights.length, 1);
  const y = (share: number) => TOP + PLOT_HEIGHT * (1 - Math.min(share, 1));
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-3xl"
      data-testid="occupancy-chart"
    >
      <title id={`${id}-title`}>{`Occupancy of the next ${nights.length} nights`}</title>
      <desc id={`${id}-desc`}>{describeOccupancy(nights)}</desc>
      {[0, 0.5, 1].map((share) => (
        <g key={share}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(share)} y2={y(share)} stroke="#d6d3d1" strokeDasharray={share === 0 ? undefined : "3 3"} />
          <text x={LEFT - 4} y={y(share) + 5} textAnchor="end" fontSize="13" fill="#57534e">{share * 100}%</text>
        </g>
      ))}
      {nights.map((night, i) => {
        const x = LEFT + i * slot + 1;
        const weekend = [5, 6].includes(dayOfWeek(night.date));
        const label = `${formatNight(night.date)}: ${night.roomsSold} of ${night.roomsForSale} rooms sold, ${formatOccupancy(night.occupancy)}`;
        return (
          <g key={night.date}>
            {night.occupancy === null ? (
              <line x1={x + 1} x2={x + slot - 3} y1={y(0) - 2} y2={y(0) - 2} stroke="#78716c" strokeWidth="2"><title>{label}</title></line>
            ) : (
              <rect x={x} y={y(night.occupancy)} width={slot - 2} height={Math.max(y(0) - y(night.occupancy), 0)} fill={weekend ? "#0e3646" : "#1f6f8b"}>
                <title>{label}</title>
              </rect>
            )}
            {i % 7 === 0 && (
              <text x={x + (slot - 2) / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="13" fill="#57534e">{formatNight(night.date).slice(4)}</text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
