import { describe, expect, it } from "vitest";
import { seededRandom } from "@/prisma/demo-bookings";

describe("the demo bookings' PRNG", () => {
  it("draws the same numbers for the same seed, other numbers for another, all in [0, 1)", () => {
    const draw = (seed: string) => {
      const random = seededRandom(seed);
      return Array.from({ length: 1_000 }, () => random());
    };
    const a = draw("harbour-view-hotel");
    expect(draw("harbour-view-hotel")).toEqual(a);
    expect(draw("alpine-lodge")).not.toEqual(a);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = a.reduce((sum, x) => sum + x, 0) / a.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});
