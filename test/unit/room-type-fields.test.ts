import { describe, expect, it } from "vitest";
import { newRoomTypeFields, validateRoomTypeInput } from "@/lib/room-types/create-room-type";
import { roomTypeFieldProblems } from "@/lib/room-types/room-type-fields";
import { followMaxAdults, validateRoomTypeUpdate } from "@/lib/room-types/update-room-type";

const NEW = { name: "Family Suite", maxAdults: 4, rooms: 2, basePrice: 24_000 };

describe("a room type's occupancy fields", () => {
  it("each has its own range, named by its field", () => {
    const problems = (fields: Parameters<typeof roomTypeFieldProblems>[0]) => roomTypeFieldProblems(fields).map((p) => `${p.field}: ${p.message}`);
    expect(problems({ maxChildren: 0, maxOccupancy: 40, adultsIncluded: 20, extraAdult: 100_000_000 })).toEqual([]);
    for (const maxChildren of [-1, 21, 1.5]) expect(problems({ maxChildren })).toEqual(["maxChildren: max children must be a whole number from 0 to 20"]);
    for (const maxOccupancy of [0, 41, 2.5]) expect(problems({ maxOccupancy })).toEqual(["maxOccupancy: max occupancy must be a whole number from 1 to 40"]);
    for (const adultsIncluded of [0, 21, 1.5]) expect(problems({ adultsIncluded })).toEqual(["adultsIncluded: adults included must be a whole number from 1 to 20"]);
    for (const extraAdult of [-1, 100_000_001, 0.5]) {
      expect(problems({ extraAdult })).toEqual(["extraAdult: extra adult price must be a whole number of minor units from 0 to 100,000,000"]);
    }
  });

  it("stand to max adults when both are given: occupancy at least max adults, adults included at most max adults", () => {
    expect(roomTypeFieldProblems({ maxAdults: 3, maxOccupancy: 2, adultsIncluded: 4 })).toEqual([
      { field: "maxOccupancy", message: "max occupancy (2) must be at least max adults (3): it counts adults and children together" },
      { field: "adultsIncluded", message: "adults included (4) must be at most max adults (3)" },
    ]);
    expect(roomTypeFieldProblems({ maxAdults: 3, maxOccupancy: 3, adultsIncluded: 3 })).toEqual([]);
    // One side alone is not compared; a side that is wrong on its own is named once, by its own rule.
    expect(roomTypeFieldProblems({ maxOccupancy: 1, adultsIncluded: 20 })).toEqual([]);
    expect(roomTypeFieldProblems({ maxAdults: 0, maxOccupancy: 1 }).map((p) => p.field)).toEqual(["maxAdults"]);
  });

  it("of a new room type default to no children, its rate covering every adult it takes, no extra adult price", () => {
    expect(newRoomTypeFields(NEW)).toEqual({ ...NEW, description: "", maxChildren: 0, maxOccupancy: 4, adultsIncluded: 4, extraAdult: 0 });
    expect(newRoomTypeFields({ ...NEW, maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3_000 })).toMatchObject({ maxChildren: 3, maxOccupancy: 5, adultsIncluded: 2, extraAdult: 3_000 });
    expect(validateRoomTypeInput(NEW)).toEqual([]);
    expect(validateRoomTypeInput({ ...NEW, maxOccupancy: 3, adultsIncluded: 5 })).toEqual([
      "max occupancy (3) must be at least max adults (4): it counts adults and children together",
      "adults included (5) must be at most max adults (4)",
    ]);
  });

  it("an update names every field it may change when given none", () => {
    expect(validateRoomTypeUpdate({})).toEqual([
      { field: "body", message: "nothing to change: give a name, description, max adults, max children, max occupancy, adults included, extra adult price, price or rooms" },
    ]);
    expect(validateRoomTypeUpdate({ extraAdult: 500 })).toEqual([]);
  });
});

describe("the follow rule (followMaxAdults)", () => {
  const before = { maxAdults: 2, maxOccupancy: 2, adultsIncluded: 2 };

  it("moves max occupancy and adults included with max adults when not given and they equalled it", () => {
    expect(followMaxAdults(before, { maxAdults: 3 })).toEqual({ maxAdults: 3, maxOccupancy: 3, adultsIncluded: 3 });
    expect(followMaxAdults(before, { maxAdults: 1 })).toEqual({ maxAdults: 1, maxOccupancy: 1, adultsIncluded: 1 });
  });

  it("keeps what was given, what differed from the old max adults, and everything when max adults does not change", () => {
    expect(followMaxAdults(before, { maxAdults: 3, adultsIncluded: 2 })).toEqual({ maxAdults: 3, maxOccupancy: 3, adultsIncluded: 2 });
    expect(followMaxAdults({ maxAdults: 2, maxOccupancy: 4, adultsIncluded: 1 }, { maxAdults: 3 })).toEqual({ maxAdults: 3 });
    expect(followMaxAdults(before, { maxAdults: 2 })).toEqual({ maxAdults: 2 });
    expect(followMaxAdults(before, { name: "Double" })).toEqual({ name: "Double" });
  });
});
