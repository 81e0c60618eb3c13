import { describe, expect, it } from "vitest";
import { addDays, eachDate } from "@/lib/dates/calendar-date";
import { suggestionWindow, suggestStayDates } from "@/lib/guest-site/suggest-stay-dates";
import type { RatesView } from "@/lib/schemas/rates";

const TODAY = "2026-11-23";

/** A calendar where every night sells at `price` with one room free, except the nights listed as full. */
function calendar(roomTypeId: string, from: string, to: string, options: { price: number; full?: string[]; closed?: string[] }) {
  return {
    roomTypeId,
    nights: eachDate(from, to).map((date) => ({
      date,
      amount: options.price,
      availableRooms: options.full?.includes(date) ? 0 : 1,
      closed: options.closed?.includes(date) ?? false,
      minStay: 1,
      maxStay: null,
      closedToArrival: false,
      closedToDeparture: false,
      plans: [],
    })),
  };
}

function rates(...roomTypes: RatesView["roomTypes"]): RatesView {
  return { from: roomTypes[0]!.nights[0]!.date, to: roomTypes[0]!.nights.at(-1)!.date, currency: "EUR", roomTypes };
}

describe("suggestStayDates", () => {
  const checkin = "2026-12-10";
  const window = suggestionWindow(checkin, 2, TODAY);

  it("offers the nearest stays of the same length that a room for the party can sell on every night", () => {
    const full = ["2026-12-09", "2026-12-10", "2026-12-11"];
    const result = suggestStayDates({
      rates: rates(calendar("rt_double", window.from, window.to, { price: 10_000, full })),
      maxAdultsByRoomType: new Map([["rt_double", 2]]),
      adults: 2,
      checkin,
      nights: 2,
      today: TODAY,
    });
    // 8th: 8th and 9th nights, 9th is full. So the nearest are the 12th (12th, 13th) and the 7th (7th, 8th).
    expect(result).toEqual([
      { checkin: "2026-12-12", checkout: "2026-12-14", lowestTotal: 20_000 },
      { checkin: "2026-12-07", checkout: "2026-12-09", lowestTotal: 20_000 },
      { checkin: "2026-12-13", checkout: "2026-12-15", lowestTotal: 20_000 },
    ]);
  });

  it("prices each night for the party: a room type's extras (extra adults, children) on top of the calendar's rate", () => {
    const result = suggestStayDates({
      rates: rates(calendar("rt_double", window.from, window.to, { price: 10_000 }), calendar("rt_family", window.from, window.to, { price: 12_000 })),
      maxAdultsByRoomType: new Map([["rt_double", 2], ["rt_family", 2]]),
      adults: 2,
      checkin,
      nights: 2,
      today: TODAY,
      limit: 1,
      // Two children of €15.00 each in the double, none extra in the family room.
      extraPerNight: new Map([["rt_double", 3_000]]),
    });
    expect(result).toEqual([{ checkin: "2026-12-09", checkout: "2026-12-11", lowestTotal: 24_000 }]);
  });

  it("ignores rooms too small for the party, closed nights and dates before today, and gives the cheapest total", () => {
    const early = "2026-11-25";
    const w = suggestionWindow(early, 1, TODAY);
    expect(w.from).toBe(TODAY);
    const result = suggestStayDates({
      rates: rates(
        calendar("rt_single", w.from, w.to, { price: 5_000 }),
        calendar("rt_suite", w.from, w.to, { price: 30_000, closed: ["2026-11-24"] }),
        calendar("rt_family", w.from, w.to, { price: 20_000, full: ["2026-11-23"] }),
      ),
      maxAdultsByRoomType: new Map([["rt_single", 1], ["rt_suite", 4], ["rt_family", 4]]),
      adults: 3,
      checkin: early,
      nights: 1,
      today: TODAY,
      limit: 4,
    });
    // Nearest first; at the same distance, the earlier date first.
    expect(result.map((s) => s.checkin)).toEqual(["2026-11-24", "2026-11-26", "2026-11-23", "2026-11-27"]);
    expect(result[0]!.lowestTotal).toBe(20_000); // the suite is closed that night; the single is too small
    expect(result[1]!.lowestTotal).toBe(20_000); // the family room is cheaper than the suite
    expect(result[2]!.lowestTotal).toBe(30_000); // the family room is full that night
  });

  it("offers only stays the hotel's restrictions allow: min and max stay and closed to arrival of the arrival night, closed to departure of the check-out date", () => {
    const room = calendar("rt_double", window.from, window.to, { price: 10_000 });
    const restricted = (date: string) =>
      ({
        "2026-12-11": { minStay: 3 }, // a 2-night stay arriving on the 11th is too short
        "2026-12-09": { closedToArrival: true },
        "2026-12-14": { closedToDeparture: true }, // the 12th's stay leaves on the 14th
        "2026-12-08": { maxStay: 1 },
      })[date] ?? {};
    const result = suggestStayDates({
      rates: rates({ ...room, nights: room.nights.map((night) => ({ ...night, ...restricted(night.date) })) }),
      maxAdultsByRoomType: new Map([["rt_double", 2]]),
      adults: 2,
      checkin,
      nights: 2,
      today: TODAY,
      limit: 4,
    });
    expect(result.map((s) => s.checkin)).toEqual(["2026-12-07", "2026-12-13", "2026-12-06", "2026-12-14"]);
  });

  it("suggests nothing when nothing is free around the dates", () => {
    const all = eachDate(window.from, window.to);
    expect(
      suggestStayDates({ rates: rates(calendar("rt", window.from, window.to, { price: 1, full: all })), maxAdultsByRoomType: new Map([["rt", 2]]), adults: 1, checkin, nights: 2, today: TODAY }),
    ).toEqual([]);
    expect(window).toEqual({ from: addDays(checkin, -14), to: addDays(checkin, 16) });
  });
});
