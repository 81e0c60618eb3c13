import { describe, expect, it } from "vitest";
import { describeInventoryChange } from "@/lib/rates/describe-inventory-change";
import { addMonths, monthLabel, monthNights, parseCalendarMonth } from "@/lib/rates/calendar-month";
import { pastNightsProblem } from "@/lib/rates/refuse-past-nights";
import { describeWeekdays, isoWeekday } from "@/lib/rates/weekdays";

describe("calendar months", () => {
  it("parses YYYY-MM only, and steps across years", () => {
    expect(parseCalendarMonth("2026-12")).toBe("2026-12");
    for (const bad of ["2026-13", "2026-1", "26-12", "2026-12-01", "", undefined, ["2026-12"], "1999-12"]) expect(parseCalendarMonth(bad)).toBeUndefined();
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(addMonths("2026-01", -13)).toBe("2024-12");
  });

  it("gives the first and last night, leap years included", () => {
    expect(monthNights("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthNights("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthNights("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(monthLabel("2026-12")).toBe("December 2026");
  });
});

describe("weekdays and past nights", () => {
  it("numbers weekdays as ISO (Monday 1, Sunday 7)", () => {
    expect(isoWeekday("2026-11-23")).toBe(1);
    expect(isoWeekday("2026-11-29")).toBe(7);
    expect(describeWeekdays([6, 5])).toBe("Fri, Sat");
  });

  it("refuses a start before today, not today", () => {
    expect(pastNightsProblem("2026-11-22", "2026-11-23")).toBe("2026-11-22 is before today at the property (2026-11-23): past nights cannot be changed");
    expect(pastNightsProblem("2026-11-23", "2026-11-23")).toBeUndefined();
  });
});

describe("describeInventoryChange", () => {
  it("says what a rates change and a room type change did", () => {
    expect(
      describeInventoryChange("rates_set", {
        roomTypeName: "Double", from: "2026-12-04", to: "2026-12-13", weekdays: [5, 6], nights: 4,
        changes: { price: { amount: 15_050, currency: "EUR" }, rooms: 2, closed: true }, keptAboveSoldNights: ["2026-12-05"],
      }),
    ).toBe("set price €150.50, rooms for sale 2, closed for Double, 2026-12-04 to 2026-12-13 (Fri, Sat only), 4 night(s); kept at rooms sold on 2026-12-05");
    expect(
      describeInventoryChange("rates_set", {
        roomTypeName: "Double", from: "2026-12-04", to: "2026-12-06", weekdays: null, nights: 3,
        changes: { minStay: 3, maxStay: null, closedToArrival: true, closedToDeparture: false }, keptAboveSoldNights: [],
      }),
    ).toBe("set min stay 3, no max stay, closed to arrival, open to departure for Double, 2026-12-04 to 2026-12-06, 3 night(s)");
    expect(
      describeInventoryChange("room_type_updated", {
        roomTypeName: "Suite", changes: { maxAdults: { from: 2, to: 3 }, basePrice: { from: { amount: 1000, currency: "JPY" }, to: { amount: 1200, currency: "JPY" } } },
      }),
    ).toBe("changed Suite: max adults 2 → 3; base price JP¥1,000 → JP¥1,200");
    expect(
      describeInventoryChange("room_type_updated", {
        // In the jsonb column's order (shorter keys first): shown in the form's.
        roomTypeName: "Suite", changes: { extraAdult: { from: { amount: 0, currency: "EUR" }, to: { amount: 3_000, currency: "EUR" } }, maxChildren: { from: 0, to: 2 }, adultsIncluded: { from: 4, to: 2 } },
      }),
    ).toBe("changed Suite: max children 0 → 2; adults included 4 → 2; extra adult price €0.00 → €30.00");
    expect(
      describeInventoryChange("room_type_created", {
        roomTypeName: "Suite", maxAdults: 4, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: { amount: 3_000, currency: "EUR" }, rooms: 2, basePrice: { amount: 24_000, currency: "EUR" },
      }),
    ).toBe("created Suite: 4 adults at most, 3 children at most, 5 guests at most, rate for 2 adults, extra adult €30.00, 2 rooms, base price €240.00");
    expect(describeInventoryChange("room_type_created", { roomTypeName: "Old", maxAdults: 2, rooms: 1, basePrice: { amount: 100, currency: "EUR" } })).toBe(
      "created Old: 2 adults at most, 1 rooms, base price €1.00",
    );
  });
});
