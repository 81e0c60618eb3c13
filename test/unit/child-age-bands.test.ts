import { describe, expect, it } from "vitest";
import { describePropertyChange } from "@/lib/audit/describe-property-change";
import { childAgeBandsProblems, childAgeBandViews, readChildAgeBands } from "@/lib/properties/child-age-bands";

const STORY = [
  { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
  { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
  { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
];

describe("a property's children's age bands", () => {
  it("are read from their column in age order, with their four fields only, and shown to partners with money", () => {
    expect(readChildAgeBands([STORY[2], { ...STORY[0], note: "x" }, STORY[1]])).toEqual(STORY);
    expect(childAgeBandViews(STORY.slice(0, 1), "EUR")).toEqual([{ name: "Baby", fromAge: 0, toAge: 2, amount: { amount: 0, currency: "EUR" } }]);
  });

  it("follow the hotel's rules for bands, and a name and an amount are what guests and partners can read", () => {
    expect(childAgeBandsProblems(STORY)).toEqual([]);
    expect(childAgeBandsProblems([{ ...STORY[0]!, toAge: 17 }])).toEqual([]);
    expect(childAgeBandsProblems([])).toEqual(["Give 1 to 3 age bands."]);
    expect(childAgeBandsProblems([STORY[0]!, { ...STORY[2]!, fromAge: 4 }])).toEqual(["Teen: must start at age 3, the age after the band before (no gap, no overlap)."]);
    expect(childAgeBandsProblems([{ name: "A very long name for a band of children", fromAge: 0, toAge: 17, amount: 100_000_001 }])).toEqual([
      "A very long name for a band of…: a band's name must be at most 30 characters.",
      "A very long name for a band of children: the amount must be at most 100,000,000 minor units.",
    ]);
    expect(childAgeBandsProblems([{ name: "Kid\u0007", fromAge: 0, toAge: 17, amount: 0 }])).toEqual(["A band's name: Must not contain control characters."]);
  });

  it("are described in the history of Settings › Property", () => {
    const euros = (bands: typeof STORY) => childAgeBandViews(bands, "EUR");
    expect(describePropertyChange({ changes: { childAgeBands: { from: euros([{ name: "Child", fromAge: 0, toAge: 17, amount: 0 }]), to: euros(STORY) } } })).toBe(
      "changed children's age bands Child 0–17 €0.00 → Baby 0–2 €0.00, Child 3–11 €15.00, Teen 12–17 €25.00",
    );
  });
});
