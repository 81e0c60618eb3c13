import { describe, expect, it } from "vitest";
import { addDays, eachDate } from "@/lib/dates/calendar-date";
import { changeSuggestionWindow, firstUnfreeNight, ratesSeenByBooking, suggestChangedStayDates } from "@/lib/guest-site/change-stay-dates";
import type { RatesView } from "@/lib/schemas/rates";

const TODAY = "2026-11-23";

/** A calendar where every night sells at `price` with `free` rooms, except the nights listed as full. */
function calendar(roomTypeId: string, from: string, to: string, options: { price: number; free?: number; full?: string[]; closed?: string[] }): RatesView["roomTypes"][number] {
  // Without stay restrictions: the suggestions read only price, rooms and closed (the restriction fields are left out of the expectations).
  return {
    roomTypeId,
    nights: eachDate(from, to).map((date) => ({
      date,
      amount: options.price,
      availableRooms: options.full?.includes(date) ? 0 : (options.free ?? 1),
      closed: options.closed?.includes(date) ?? false,
    })) as RatesView["roomTypes"][number]["nights"],
  };
}

const rates = (...roomTypes: RatesView["roomTypes"]): RatesView => ({ from: roomTypes[0]!.nights[0]!.date, to: roomTypes[0]!.nights.at(-1)!.date, currency: "EUR", roomTypes });

/** A booking of rt_double from `checkin` for `nights` nights at 90.00 a night. */
function booking(checkin: string, nights: number) {
  const nightly = eachDate(checkin, addDays(checkin, nights - 1)).map((date) => ({ date, amount: 9_000 }));
  return { roomTypeId: "rt_double", checkin, checkout: addDays(checkin, nights), nightly, price: { amount: 9_000 * nights, currency: "EUR" } };
}

describe("ratesSeenByBooking", () => {
  it("keeps the booking's room type only, and counts its own nights free to it at the amount it booked them for", () => {
    const own = booking("2026-12-10", 2);
    const seen = ratesSeenByBooking(
      rates(calendar("rt_double", "2026-12-09", "2026-12-12", { price: 12_000, full: ["2026-12-10", "2026-12-11"], closed: ["2026-12-11"] }), calendar("rt_single", "2026-12-09", "2026-12-12", { price: 5_000 })),
      own,
    );
    expect(seen.roomTypes.map((r) => r.roomTypeId)).toEqual(["rt_double"]);
    expect(seen.roomTypes[0]!.nights).toEqual([
      { date: "2026-12-09", amount: 12_000, availableRooms: 1, closed: false },
      { date: "2026-12-10", amount: 9_000, availableRooms: 1, closed: false },
      { date: "2026-12-11", amount: 9_000, availableRooms: 1, closed: false },
      { date: "2026-12-12", amount: 12_000, availableRooms: 1, closed: false },
    ]);
  });
});

describe("firstUnfreeNight", () => {
  const calendarOf = rates(calendar("rt_double", "2026-12-01", "2026-12-05", { price: 1, full: ["2026-12-04"], closed: ["2026-12-03"] }));
  it("names the first night the room type cannot sell: closed, full, or beyond the calendar", () => {
    expect(firstUnfreeNight(calendarOf, "rt_double", "2026-12-01", "2026-12-03")).toBeNull();
    expect(firstUnfreeNight(calendarOf, "rt_double", "2026-12-02", "2026-12-05")).toBe("2026-12-03");
    expect(firstUnfreeNight(calendarOf, "rt_double", "2026-12-04", "2026-12-06")).toBe("2026-12-04");
    expect(firstUnfreeNight(calendarOf, "rt_double", "2026-12-05", "2026-12-07")).toBe("2026-12-06");
    expect(firstUnfreeNight(calendarOf, "rt_other", "2026-12-01", "2026-12-02")).toBe("2026-12-01");
  });
});

describe("suggestChangedStayDates", () => {
  it("names the first night not free and offers the nearest stays of the same length in the booking's room, priced as the change would be", () => {
    const own = booking("2026-12-10", 2);
    const asked = { checkin: "2026-12-12", checkout: "2026-12-14", adults: 2 };
    const window = changeSuggestionWindow(own, asked, TODAY);
    expect(window).toEqual({ from: "2026-11-28", to: "2026-12-28" });
    // The double is full from the 11th to the 13th (the booking holds the 10th and 11th), and the single is free but not the booking's room.
    const result = suggestChangedStayDates({
      rates: rates(calendar("rt_double", window.from, window.to, { price: 12_000, full: ["2026-12-10", "2026-12-11", "2026-12-12", "2026-12-13"] }), calendar("rt_single", window.from, window.to, { price: 5_000 })),
      booking: own,
      asked,
      today: TODAY,
    });
    expect(result.night).toBe("2026-12-12");
    // The 10th to 12th is the booking as it is: never suggested. The 9th keeps the 10th at its booked price.
    expect(result.suggestions).toEqual([
      { checkin: "2026-12-14", checkout: "2026-12-16", lowestTotal: 24_000 },
      { checkin: "2026-12-09", checkout: "2026-12-11", lowestTotal: 21_000 },
      { checkin: "2026-12-15", checkout: "2026-12-17", lowestTotal: 24_000 },
    ]);
  });

  it("once the stay has started, offers the longest stay it can still be extended to, and no other check-in", () => {
    const own = booking("2026-11-21", 4); // the 21st to the 25th; today is the 23rd
    const asked = { checkin: own.checkin, checkout: "2026-11-29", adults: 2 };
    const window = changeSuggestionWindow(own, asked, TODAY);
    expect(window).toEqual({ from: "2026-11-21", to: "2026-11-29" });
    const calendarOf = rates(calendar("rt_double", window.from, window.to, { price: 10_000, full: ["2026-11-27"] }));
    expect(suggestChangedStayDates({ rates: calendarOf, booking: own, asked, today: TODAY })).toEqual({
      night: "2026-11-27",
      suggestions: [{ checkin: "2026-11-21", checkout: "2026-11-27", lowestTotal: 36_000 + 20_000 }],
    });
    // The arrival night's max stay (7 nights: to the 28th) and a check-out date closed to departure (the 27th) shorten it to the 26th.
    const restricted = rates({
      roomTypeId: "rt_double",
      nights: calendarOf.roomTypes[0]!.nights.map((night) => ({
        ...night,
        minStay: 1,
        maxStay: night.date === own.checkin ? 7 : null,
        closedToArrival: night.date === own.checkin, // arrived already: no longer judged
        closedToDeparture: night.date === "2026-11-27",
      })),
    });
    const longer = { ...asked, checkout: "2026-11-30" };
    const open = rates(calendar("rt_double", own.checkin, longer.checkout, { price: 10_000, full: ["2026-11-29"] }));
    const maxStayOnly = rates({ roomTypeId: "rt_double", nights: open.roomTypes[0]!.nights.map((night) => ({ ...night, minStay: 1, maxStay: night.date === own.checkin ? 7 : null, closedToArrival: false, closedToDeparture: false })) });
    expect(suggestChangedStayDates({ rates: maxStayOnly, booking: own, asked: longer, today: TODAY }).suggestions).toEqual([{ checkin: "2026-11-21", checkout: "2026-11-28", lowestTotal: 36_000 + 30_000 }]);
    expect(suggestChangedStayDates({ rates: restricted, booking: own, asked, today: TODAY }).suggestions).toEqual([{ checkin: "2026-11-21", checkout: "2026-11-26", lowestTotal: 36_000 + 10_000 }]);
    const fullAtOnce = rates(calendar("rt_double", window.from, window.to, { price: 10_000, full: ["2026-11-25"] }));
    expect(suggestChangedStayDates({ rates: fullAtOnce, booking: own, asked, today: TODAY })).toEqual({ night: "2026-11-25", suggestions: [] });
  });
});
