import { addDays, daysBetween, nightsOfStay, type CalendarDate } from "@/lib/dates/calendar-date";
import type { RatesView } from "@/lib/schemas/rates";

/** How far either side of the asked check-in date other dates are looked for. */
export const SUGGESTION_SPAN_DAYS = 14;

export type StaySuggestion = { checkin: CalendarDate; checkout: CalendarDate; lowestTotal: number };

/** The nights to ask /rates for, to suggest other dates for a stay of `nights` around `checkin`. */
export function suggestionWindow(checkin: CalendarDate, nights: number, today: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  const earliest = addDays(checkin, -SUGGESTION_SPAN_DAYS);
  const from = earliest < today ? today : earliest;
  return { from, to: addDays(checkin, SUGGESTION_SPAN_DAYS + nights - 1) };
}

/**
 * Other stays of the same length, nearest to the asked check-in date first, that some room
 * type able to take `adults` can sell on every night (open, priced, a room free). Works on
 * the /rates calendar, so one call answers for every candidate date.
 */
export function suggestStayDates(input: {
  rates: RatesView;
  maxAdultsByRoomType: Map<string, number>;
  adults: number;
  checkin: CalendarDate;
  nights: number;
  today: CalendarDate;
  limit?: number;
}): StaySuggestion[] {
  const { rates, adults, checkin, nights, today } = input;
  const sellable = rates.roomTypes
    .filter((roomType) => (input.maxAdultsByRoomType.get(roomType.roomTypeId) ?? 0) >= adults)
    .map((roomType) => new Map(roomType.nights.filter((n) => !n.closed && n.amount !== null && n.availableRooms > 0).map((n) => [n.date, n.amount!])));
  const candidates: StaySuggestion[] = [];
  for (let offset = -SUGGESTION_SPAN_DAYS; offset <= SUGGESTION_SPAN_DAYS; offset++) {
    const start = addDays(checkin, offset);
    if (offset === 0 || start < today || start < rates.from) continue;
    const stayNights = nightsOfStay(start, addDays(start, nights));
    const totals = sellable.flatMap((prices) => (stayNights.every((night) => prices.has(night)) ? [stayNights.reduce((sum, night) => sum + prices.get(night)!, 0)] : []));
    if (totals.length) candidates.push({ checkin: start, checkout: addDays(start, nights), lowestTotal: Math.min(...totals) });
  }
  return candidates
    .sort((a, b) => Math.abs(daysBetween(checkin, a.checkin)) - Math.abs(daysBetween(checkin, b.checkin)) || (a.checkin < b.checkin ? -1 : 1))
    .slice(0, input.limit ?? 3);
}
