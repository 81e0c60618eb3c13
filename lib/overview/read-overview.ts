import { systemClock, type Clock } from "@/lib/clock";
import { addDays, type CalendarDate } from "@/lib/dates/calendar-date";
import type { Db } from "@/lib/db";
import type { Money } from "@/lib/money/currency";
import { propertyToday, type PropertyClockFacts } from "@/lib/properties/property-today";
import { readOccupancy, type OccupancyNight } from "./occupancy";
import { readRecentBookingsByChannel, type ChannelBookings } from "./recent-bookings-by-channel";
import { readRevenueOnTheBooks } from "./revenue-on-the-books";
import { readTodaysGuests, type TodaysGuests } from "./todays-guests";

/** The nights ahead the overview covers: today and the next 29. */
export const OVERVIEW_NIGHTS = 30;
/** Bookings made in the last this many days, by channel. */
export const RECENT_DAYS = 7;

export type Overview = TodaysGuests & {
  /** Today at the property, in its own time zone. */
  today: CalendarDate;
  /** The last night covered: today + OVERVIEW_NIGHTS - 1. */
  lastNight: CalendarDate;
  occupancy: OccupancyNight[];
  revenue: Money;
  recent: { since: Date; byChannel: ChannelBookings[] };
};

/**
 * The panel's overview of a property: today's arrivals, departures and guests in house, the
 * occupancy of the next OVERVIEW_NIGHTS nights, revenue on the books for them, and the bookings
 * made in the last RECENT_DAYS days by channel (API key label, or the desk by staff member). Every figure is counted by the database,
 * scoped to the property; cancelled bookings count nowhere.
 */
export async function readOverview(db: Db, property: PropertyClockFacts & { id: string; currency: string }, options: { clock?: Clock } = {}): Promise<Overview> {
  const now = (options.clock ?? systemClock).now();
  const today = propertyToday(property, { now: () => now });
  const lastNight = addDays(today, OVERVIEW_NIGHTS - 1);
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  const [guests, occupancy, revenue, byChannel] = await Promise.all([
    readTodaysGuests(db, property.id, today),
    readOccupancy(db, property.id, today, OVERVIEW_NIGHTS),
    readRevenueOnTheBooks(db, property, today, lastNight),
    readRecentBookingsByChannel(db, property, since, now),
  ]);
  return { ...guests, today, lastNight, occupancy, revenue, recent: { since, byChannel } };
}
