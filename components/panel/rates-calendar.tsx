import { formatMoney } from "@/lib/money/currency";
import type { CalendarNight } from "@/lib/rates/read-rate-calendar";
import { isoWeekday, WEEKDAY_NAMES, ISO_WEEKDAYS } from "@/lib/rates/weekdays";

/** The first night's column on a wide screen (Monday first), spelled out so Tailwind sees each class. */
const START_COLUMN = { 1: "lg:col-start-1", 2: "lg:col-start-2", 3: "lg:col-start-3", 4: "lg:col-start-4", 5: "lg:col-start-5", 6: "lg:col-start-6", 7: "lg:col-start-7" } as const;

const dayLabel = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

type Status = { text: string; style: string };

function statusOf(night: CalendarNight): Status {
  if (night.price === null) return { text: "Not for sale", style: "bg-stone-200 text-stone-800" };
  if (night.closed) return { text: "Closed", style: "bg-red-100 text-red-900" };
  if (night.free === 0) return { text: "Sold out", style: "bg-amber-100 text-amber-900" };
  return { text: "Open", style: "bg-green-100 text-green-900" };
}

/** A night's stay restrictions, short ("min 3", "max 7", "CTA", "CTD") and in words for screen readers and on hover. */
function restrictionsOf(night: CalendarNight): { short: string; words: string }[] {
  const nights = (n: number) => `${n} night${n === 1 ? "" : "s"}`;
  return [
    ...(night.minStay > 1 ? [{ short: `min ${night.minStay}`, words: `Stays arriving this night: at least ${nights(night.minStay)}` }] : []),
    ...(night.maxStay !== null ? [{ short: `max ${night.maxStay}`, words: `Stays arriving this night: at most ${nights(night.maxStay)}` }] : []),
    ...(night.closedToArrival ? [{ short: "CTA", words: "Closed to arrival: no check-in on this date" }] : []),
    ...(night.closedToDeparture ? [{ short: "CTD", words: "Closed to departure: no check-out on this date" }] : []),
  ];
}

/**
 * A month of one room type's nights: a list of days that wraps (two a row on a phone, a week a
 * row on a wide screen), each with its price, rooms for sale, sold and free, and its state in
 * words (closed, sold out, not for sale, past), never in colour alone, and its stay restrictions.
 */
export function RatesCalendar({ nights, currency, today, label }: { nights: CalendarNight[]; currency: string; today: string; label: string }) {
  return (
    <div>
      <div aria-hidden="true" className="hidden gap-2 pb-1 text-center text-xs font-medium text-stone-600 lg:grid lg:grid-cols-7">
        {ISO_WEEKDAYS.map((day) => <span key={day}>{WEEKDAY_NAMES[day].slice(0, 3)}</span>)}
      </div>
      <ol aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" data-testid="rates-calendar">
        {nights.map((night, index) => {
          const past = night.date < today;
          const status = statusOf(night);
          return (
            <li key={night.date} data-testid={`night-${night.date}`}
              className={`rounded-md border p-2 text-xs ${index === 0 ? START_COLUMN[isoWeekday(night.date)] : ""} ${past ? "border-stone-200 bg-stone-100 text-stone-600" : "border-stone-300 bg-white text-stone-900"} ${night.date === today ? "ring-2 ring-brand-600" : ""}`}>
              <p className="flex flex-wrap items-baseline justify-between gap-1">
                <time dateTime={night.date} className="font-semibold">{dayLabel.format(new Date(`${night.date}T00:00:00Z`))}</time>
                {night.date === today && <span className="font-medium text-brand-700">Today</span>}
                {past && <span>Past</span>}
              </p>
              <p className="mt-1 text-sm font-medium" data-testid="price">{night.price === null ? "—" : formatMoney({ amount: night.price, currency })}</p>
              <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-2">
                <dt>For sale</dt><dd data-testid="for-sale">{night.roomsForSale}</dd>
                <dt>Sold</dt><dd data-testid="sold">{night.roomsSold}</dd>
                <dt>Free</dt><dd data-testid="free">{night.free}</dd>
              </dl>
              <p className="mt-1"><span data-testid="status" className={`inline-block rounded px-1.5 py-0.5 font-medium ${status.style}`}>{status.text}</span></p>
              {night.price !== null && restrictionsOf(night).length > 0 && (
                <p className="mt-1 flex flex-wrap gap-1" data-testid="restrictions">
                  {restrictionsOf(night).map((r) => (
                    <span key={r.short} title={r.words} className="rounded border border-violet-300 bg-violet-50 px-1 font-medium text-violet-900">
                      <span aria-hidden="true">{r.short}</span><span className="sr-only">{r.words}.</span>
                    </span>
                  ))}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
