import type { Metadata } from "next";
import { OverviewOccupancyChart } from "@/components/panel/overview-occupancy-chart";
import { OverviewOccupancyTable } from "@/components/panel/overview-occupancy-table";
import { OverviewRecentBookings } from "@/components/panel/overview-recent-bookings";
import { OverviewTodayGroup } from "@/components/panel/overview-today-group";
import { getDb } from "@/lib/db";
import { formatMoney } from "@/lib/money/currency";
import { formatDay, formatNight } from "@/lib/dates/format-calendar-date";
import { OVERVIEW_NIGHTS, readOverview, RECENT_DAYS } from "@/lib/overview/read-overview";
import { PROPERTY_CLOCK } from "@/lib/properties/property-today";
import { openProperty, requireStaff } from "../../_lib/panel-session";

export const metadata: Metadata = { title: "Overview" };

/** The panel's home: today at the property, the nights ahead, and who brought the latest bookings. Read-only, for every role. */
export default async function OverviewPage() {
  const staff = await requireStaff();
  const open = await openProperty(staff);
  const db = getDb();
  const property = await db.property.findUniqueOrThrow({ where: { id: open.propertyId }, select: { id: true, currency: true, ...PROPERTY_CLOCK } });
  const overview = await readOverview(db, property);
  return (
    <div className="space-y-10">
      <div>
        <h1 className="font-serif text-3xl text-brand-900">Overview</h1>
        <p className="mt-1 text-sm text-stone-600" data-testid="today">
          Today at {open.propertyName} is <time dateTime={overview.today}>{formatDay(overview.today)}</time> ({property.timezone}).
        </p>
      </div>

      <section aria-labelledby="today-heading" className="space-y-3">
        <h2 id="today-heading" className="font-serif text-2xl text-brand-900">Today</h2>
        <div className="grid gap-4 md:grid-cols-3">
          <OverviewTodayGroup title="Arrivals" group={overview.arrivals} testId="arrivals" />
          <OverviewTodayGroup title="Departures" group={overview.departures} testId="departures" />
          <OverviewTodayGroup title="In house" group={overview.inHouse} testId="in-house" />
        </div>
        <p className="text-xs text-stone-600">Confirmed bookings only. In house: checked in today or earlier and leaving after today.</p>
      </section>

      <section aria-labelledby="occupancy-heading" className="space-y-3">
        <h2 id="occupancy-heading" className="font-serif text-2xl text-brand-900">Occupancy, next {OVERVIEW_NIGHTS} nights</h2>
        <p className="text-sm text-stone-600">Rooms sold of the rooms for sale, over all room types; Friday and Saturday nights darker; — when nothing is for sale.</p>
        <OverviewOccupancyChart nights={overview.occupancy} id="occupancy-chart" />
        <details className="text-sm">
          <summary className="cursor-pointer text-brand-700 underline">Occupancy night by night (table)</summary>
          <div className="mt-2 overflow-x-auto">
            <OverviewOccupancyTable nights={overview.occupancy} />
          </div>
        </details>
      </section>

      <section aria-labelledby="revenue-heading" className="space-y-1">
        <h2 id="revenue-heading" className="font-serif text-2xl text-brand-900">Revenue on the books</h2>
        <p className="text-3xl text-brand-900 tabular-nums" data-testid="revenue">{formatMoney(overview.revenue)}</p>
        <p className="text-sm text-stone-600">
          The nightly prices of confirmed bookings for the nights of {formatNight(overview.today)} to {formatNight(overview.lastNight)}, as booked.
        </p>
      </section>

      <section aria-labelledby="recent-heading" className="space-y-3">
        <h2 id="recent-heading" className="font-serif text-2xl text-brand-900">Bookings made in the last {RECENT_DAYS} days</h2>
        <p className="text-sm text-stone-600">Confirmed bookings made since {overview.recent.since.toISOString().slice(0, 16).replace("T", " ")} UTC, by channel: the label of the API key that made them, or the staff member who made them at the desk; with their whole stay&apos;s value.</p>
        <OverviewRecentBookings byChannel={overview.recent.byChannel} currency={property.currency} />
      </section>
    </div>
  );
}
