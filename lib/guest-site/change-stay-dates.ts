import { addDays, nightsOfStay, type CalendarDate } from "@/lib/dates/calendar-date";
import type { BookingView } from "@/lib/schemas/bookings";
import type { RatesView } from "@/lib/schemas/rates";
import { stayAllowed, suggestionWindow, suggestStayDates, type StaySuggestion } from "./suggest-stay-dates";

/**
 * Other dates for a booking's change that was refused for want of a room: what the search
 * page's suggestions are for a new stay (suggestStayDates, on the /rates calendar), for the
 * booking's own room type, with the API's rule that a booking's own nights are free to itself
 * and keep the amount they were booked for.
 */
type ChangingBooking = Pick<BookingView, "roomTypeId" | "checkin" | "checkout" | "nightly" | "price">;
type AskedStay = { checkin: CalendarDate; checkout: CalendarDate; adults: number };

/** The calendar as the booking sees it: its room type only; the nights it holds have its room free, at its booked amount. */
export function ratesSeenByBooking(rates: RatesView, booking: ChangingBooking): RatesView {
  const booked = new Map(booking.nightly.map((night) => [night.date, night.amount]));
  const roomTypes = rates.roomTypes
    .filter((roomType) => roomType.roomTypeId === booking.roomTypeId)
    .map((roomType) => ({
      ...roomType,
      nights: roomType.nights.map((night) => (booked.has(night.date) ? { ...night, amount: booked.get(night.date)!, availableRooms: night.availableRooms + 1, closed: false } : night)),
    }));
  return { ...rates, roomTypes };
}

/** The first night of [from, to) the room type cannot sell (closed, unpriced, full or not in the calendar), or null. */
export function firstUnfreeNight(rates: RatesView, roomTypeId: string, from: CalendarDate, to: CalendarDate): CalendarDate | null {
  const nights = new Map(rates.roomTypes.find((r) => r.roomTypeId === roomTypeId)?.nights.map((n) => [n.date, n]) ?? []);
  return nightsOfStay(from, to).find((date) => {
    const night = nights.get(date);
    return !night || night.closed || night.amount === null || night.availableRooms <= 0;
  }) ?? null;
}

/**
 * The nights of the calendar to ask for: around the asked check-in (as for a search), or, once
 * the stay has started (its check-in can no longer move), from its arrival night (whose min and
 * max stay govern it) to the asked check-out date (closed to departure?).
 */
export function changeSuggestionWindow(booking: ChangingBooking, asked: AskedStay, today: CalendarDate): { from: CalendarDate; to: CalendarDate } {
  if (booking.checkin < today) return { from: booking.checkin, to: asked.checkout };
  return suggestionWindow(asked.checkin, nightsOfStay(asked.checkin, asked.checkout).length, today);
}

/**
 * Why the asked stay cannot be had, and what can: the first night the booking's room type
 * cannot take (null if the calendar now shows none: someone gave a room back since), and the
 * nearest stays of the same length it can, never the booking's own dates. Once the stay has
 * started, the one suggestion is the longest stay it can still be extended to (its arrival
 * night's max stay allowing, on a check-out date open to departures).
 */
export function suggestChangedStayDates(input: { rates: RatesView; booking: ChangingBooking; asked: AskedStay; today: CalendarDate }): { night: CalendarDate | null; suggestions: StaySuggestion[] } {
  const { booking, asked, today } = input;
  const rates = ratesSeenByBooking(input.rates, booking);
  const roomTypeId = booking.roomTypeId;
  if (booking.checkin < today) {
    const night = firstUnfreeNight(rates, roomTypeId, booking.checkout, asked.checkout);
    if (!night || night <= booking.checkout) return { night, suggestions: [] };
    const calendar = new Map(rates.roomTypes[0]!.nights.map((n) => [n.date, n]));
    let checkout = night;
    while (checkout > booking.checkout && !stayAllowed(calendar, booking.checkin, checkout, { arriving: false })) checkout = addDays(checkout, -1);
    if (checkout <= booking.checkout) return { night, suggestions: [] };
    const added = nightsOfStay(booking.checkout, checkout).reduce((sum, date) => sum + (calendar.get(date)?.amount ?? 0), 0);
    return { night, suggestions: [{ checkin: booking.checkin, checkout, lowestTotal: booking.price.amount + added }] };
  }
  const night = firstUnfreeNight(rates, roomTypeId, asked.checkin, asked.checkout);
  const suggestions = suggestStayDates({
    rates,
    // The room takes the party: the API refused the nights, not the number of adults.
    maxAdultsByRoomType: new Map([[roomTypeId, asked.adults]]),
    adults: asked.adults,
    checkin: asked.checkin,
    nights: nightsOfStay(asked.checkin, asked.checkout).length,
    today,
    limit: 4,
  });
  return { night, suggestions: suggestions.filter((s) => s.checkin !== booking.checkin || s.checkout !== booking.checkout).slice(0, 3) };
}
