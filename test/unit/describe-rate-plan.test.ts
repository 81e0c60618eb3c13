import { describe, expect, it } from "vitest";
import { guestWords } from "@/lib/i18n/guest-words";

const formatWeekdayDayMonth = guestWords("en").weekdayDayMonth;
import { cancellationSentence, describeCancellationTerms } from "@/lib/rate-plans/cancellation-in-words";
import { describeCancellationPolicy, describePriceRule } from "@/lib/rate-plans/describe-rate-plan";

describe("rate plans in words", () => {
  it("says the price rule with a real minus sign, money in the property's currency", () => {
    expect(describePriceRule({ percent: -10 }, "EUR")).toBe("\u221210 % on the night's rate");
    expect(describePriceRule({ percent: 25 }, "EUR")).toBe("+25 % on the night's rate");
    expect(describePriceRule({ amount: 1500 }, "EUR")).toBe("+€15.00 a night");
    expect(describePriceRule({ amount: -500 }, "JPY")).toBe("\u2212JP¥500 a night");
    expect(describePriceRule(null, "EUR")).toBe("The night's rate");
  });

  it("says the cancellation policy", () => {
    expect(describeCancellationPolicy({ type: "free_until", daysBefore: 3, fee: "first_night" })).toBe("Free cancellation until 3 days before arrival, then the first night");
    expect(describeCancellationPolicy({ type: "free_until", daysBefore: 1, fee: "full_stay" })).toBe("Free cancellation until 1 day before arrival, then the whole stay");
    // Free until the day of arrival, no fee can ever apply (no cancelling after the check-in date): none is named.
    expect(describeCancellationPolicy({ type: "free_until", daysBefore: 0, fee: "first_night" })).toBe("Free cancellation until the day of arrival");
    expect(describeCancellationPolicy({ type: "non_refundable" })).toBe("Non-refundable");
  });

  it("says a booking's terms on the hotel's clock", () => {
    expect(formatWeekdayDayMonth("2026-12-02")).toBe("Wed 2 December");
    const terms = { refundable: true, freeUntil: "2026-12-02", feeFrom: "2026-12-02T11:00:00.000Z", fee: { amount: 12000, currency: "EUR" } };
    expect(describeCancellationTerms(terms, "Pacific/Auckland")).toEqual({
      headline: "Free cancellation until Wed 2 December",
      fee: "Cancelling costs €120.00 from 3 Dec 2026, 00:00 (hotel time). After the check-in date the booking can no longer be cancelled.",
    });
    // Free until the check-in date (the Standard plan): no fee can apply, and none is named (the guests' words say the same).
    const untilArrival = { refundable: true, freeUntil: "2026-12-05", feeFrom: null, fee: { amount: 0, currency: "EUR" } };
    expect(describeCancellationTerms(untilArrival, "UTC")).toEqual({
      headline: "Free cancellation until Sat 5 December",
      fee: "Cancelling is free until the end of the check-in date. After the check-in date the booking can no longer be cancelled.",
    });
    expect(cancellationSentence(untilArrival)).toBe("Free cancellation until Sat 5 December");
    expect(cancellationSentence(untilArrival, guestWords("de"))).toBe("Kostenlose Stornierung bis Sa., 5. Dezember");
    expect(cancellationSentence(terms)).toBe("Free cancellation until Wed 2 December, then €120.00");
    expect(describeCancellationTerms({ refundable: false, freeUntil: null, feeFrom: null, fee: { amount: 30000, currency: "EUR" } }, "UTC")).toEqual({
      headline: "Non-refundable",
      fee: "Cancelling costs €300.00 at any time. After the check-in date the booking can no longer be cancelled.",
    });
  });
});
