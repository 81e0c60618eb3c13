import { addDays, daysBetween, nightsOfStay, type CalendarDate } from "@/lib/dates/calendar-date";
import type { RatesView } from "@/lib/schemas/rates";

/** How far either side of the asked check-in date other dates are looked for. */
export const SUGGESTION_SPAN_DAYS = 14;

export type StaySuggestion = { checkin: CalendarDate; checkout: CalendarDate; lowestTotal: number };

/**
 * The dates to ask /rates for, to suggest other dates for a stay of `nights` around `checkin`:
 * every night of every candidate, and the last candidate's check-out date (closed to departure?).
 */
export function suggestionWindow(checkin: CalendarDate, nights: number, today: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  const earliest = addDays(checkin, -SUGGESTION_SPAN_DAYS);
  const from = earliest < today ? today : earliest;
  return { from, to: addDays(checkin, SUGGESTION_SPAN_DAYS + nights) };
}

type Night = RatesView["roomTypes"][number]["nights"][number];

/**
 * Whether the hotel's stay restrictions allow a stay from `checkin` to `checkout` (as the API
 * judges them): the arrival night's min and max stay and closed to arrival, and the check-out
 * date's closed to departure (a date beyond the calendar read counts as open).
 */
export function stayAllowed(nights: ReadonlyMap<CalendarDate, Night>, checkin: CalendarDate, checkout: CalendarDate, options: { arriving?: boolean } = {}): boolean {
  const arrival = nights.get(checkin);
  const length = daysBetween(checkin, checkout);
  // A stay that has started (arriving: false) arrived already: only its length and its new check-out are judged.
  if (arrival && (options.arriving !== false && arrival.closedToArrival)) return false;
  if (arrival && (length < arrival.minStay || (arrival.maxStay !== null && length > arrival.maxStay))) return false;
  return !nights.get(checkout)?.closedToDeparture;
}

/**
 * Other stays of the same length, nearest to the asked check-in date first, that some room
 * type able to take `adults` can sell on every night (open, priced, a room free) within its
 * stay restrictions (stayAllowed). Works on the /rates calendar, so one call answers for every
 * candidate date.
 */
export function suggestStayDates(input: {
  rates: RatesView;
  maxAdultsByRoomType: Map<string, number>;
  adults: number;
  checkin: CalendarDate;
  nights: number;
  today: CalendarDate;
  limit?: number;
  /** What the party adds to each night of a room type (extra adults, children), when it adds anything: the calendar's prices are for the adults the rate covers. */
  extraPerNight?: ReadonlyMap<string, number>;
}): StaySuggestion[] {
  const { rates, adults, checkin, nights, today } = input;
  const sellable = rates.roomTypes
    .filter((roomType) => (input.maxAdultsByRoomType.get(roomType.roomTypeId) ?? 0) >= adults)
    .map((roomType) => ({
      prices: new Map(
        roomType.nights.filter((n) => !n.closed && n.amount !== null && n.availableRooms > 0).map((n) => [n.date, n.amount! + (input.extraPerNight?.get(roomType.roomTypeId) ?? 0)]),
      ),
      nights: new Map(roomType.nights.map((n) => [n.date, n])),
    }));
  const candidates: StaySuggestion[] = [];
  for (let offset = -SUGGESTION_SPAN_DAYS; offset <= SUGGESTION_SPAN_DAYS; offset++) {
    const start = addDays(checkin, offset);
    if (offset === 0 || start < today || start < rates.from) continue;
    const stayNights = nightsOfStay(start, addDays(start, nights));
    const checkout = addDays(start, nights);
    const totals = sellable.flatMap(({ prices, nights: calendar }) =>
      stayNights.every((night) => prices.has(night)) && stayAllowed(calendar, start, checkout) ? [stayNights.reduce((sum, night) => sum + prices.get(night)!, 0)] : [],
    );
    if (totals.length) candidates.push({ checkin: start, checkout, lowestTotal: Math.min(...totals) });
  }
  return candidates
    .sort((a, b) => Math.abs(daysBetween(checkin, a.checkin)) - Math.abs(daysBetween(checkin, b.checkin)) || (a.checkin < b.checkin ? -1 : 1))
    .slice(0, input.limit ?? 3);
}
