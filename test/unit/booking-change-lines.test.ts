import { describe, expect, it } from "vitest";
import { bookingChangeLines } from "@/lib/bookings/booking-change-lines";

const context = { currency: "EUR", roomTypeNames: new Map([["rt_1", "Family Suite"]]) };

describe("bookingChangeLines", () => {
  it("names a change of children with their ages, and children added to a party that had none", () => {
    expect(bookingChangeLines({ adults: 2, childrenAges: [4] }, { adults: 3, childrenAges: [4, 9] }, context)).toEqual([
      { field: "adults", label: "Adults", from: "2", to: "3" },
      { field: "childrenAges", label: "Children (ages)", from: "1 (4)", to: "2 (4, 9)" },
    ]);
    expect(bookingChangeLines({ childrenAges: [] }, { childrenAges: [1] }, context)).toEqual([{ field: "childrenAges", label: "Children (ages)", from: "none", to: "1 (1)" }]);
  });

  it("leaves out what did not change", () => {
    expect(bookingChangeLines({ childrenAges: [4, 9] }, { childrenAges: [4, 9] }, context)).toEqual([]);
  });
});
