import { describe, expect, it } from "vitest";
import { formatPriceDifference } from "@/lib/money/price-difference";

describe("formatPriceDifference", () => {
  it("says what a new total costs against the old one, with a real minus sign; nothing when it is the same", () => {
    expect(formatPriceDifference({ amount: 45_500, currency: "EUR" }, { amount: 36_000, currency: "EUR" })).toBe("+ €95.00");
    expect(formatPriceDifference({ amount: 32_000, currency: "EUR" }, { amount: 36_000, currency: "EUR" })).toBe("\u2212 €40.00");
    expect(formatPriceDifference({ amount: 36_000, currency: "EUR" }, { amount: 36_000, currency: "EUR" })).toBeNull();
    expect(formatPriceDifference({ amount: 5_000, currency: "JPY" }, { amount: 4_000, currency: "JPY" })).toBe("+ JP¥1,000");
    expect(formatPriceDifference({ amount: 5_000, currency: "EUR" }, { amount: 4_000, currency: "USD" })).toBeNull();
  });
});
