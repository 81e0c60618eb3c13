import Link from "next/link";
import type { TodaysGroup } from "@/lib/overview/todays-guests";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One of today's groups (arrivals, departures, in house): how many bookings and adults, and who. */
export function OverviewTodayGroup({ title, group, testId }: { title: string; group: TodaysGroup; testId: string }) {
  const headingId = `${testId}-heading`;
  const more = group.count - group.bookings.length;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded border border-stone-200 bg-white p-4" data-testid={testId}>
      <h3 id={headingId} className="font-medium text-stone-700">{title}</h3>
      <p className="mt-1" data-testid={`${testId}-figures`}>
        <span className="text-3xl text-brand-900 tabular-nums">{group.count}</span>{" "}
        <span className="text-sm text-stone-600">{group.count === 1 ? "booking" : "bookings"}, {plural(group.adults, "adult", "adults")}</span>
      </p>
      {group.bookings.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {group.bookings.map((booking) => (
            <li key={booking.id} className="break-words">
              <Link className="font-mono text-brand-700 underline" href={`/bookings/${booking.id}`}>{booking.reference}</Link>{" "}
              {booking.guest} <span className="text-stone-600">· {booking.roomType}</span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="mt-2 text-sm text-stone-600">and {more} more</p>}
    </section>
  );
}
