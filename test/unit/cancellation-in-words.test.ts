import { describe, expect, it } from "vitest";
import { cancellationSentence, cancellationTermsInWords, cancellingNowInWords } from "@/lib/rate-plans/cancellation-in-words";

const fee = { amount: 12_000, currency: "EUR" };

describe("cancellation terms in words", () => {
  it("names the last free date as the property's calendar date, with its weekday, whatever the server's zone", () => {
    const terms = { refundable: true, freeUntil: "2026-12-02", feeFrom: "2026-12-02T11:00:00.000Z", fee };
    expect(cancellationTermsInWords(terms)).toBe("Free cancellation until Wed 2 December");
    expect(cancellationSentence(terms)).toBe("Free cancellation until Wed 2 December, then €120.00");
  });

  it("says non-refundable, with what cancelling costs, when the terms never were or are no longer free", () => {
    const terms = { refundable: false, freeUntil: null, feeFrom: null, fee: { amount: 36_000, currency: "EUR" } };
    expect(cancellationTermsInWords(terms)).toBe("Non-refundable");
    expect(cancellationSentence(terms)).toBe("Non-refundable, cancelling costs €360.00");
  });

  it("says what cancelling now costs, or that it is free", () => {
    expect(cancellingNowInWords({ amount: 0, currency: "EUR" })).toBe("Cancelling now is free");
    expect(cancellingNowInWords(fee)).toBe("Cancelling now costs €120.00");
    expect(cancellingNowInWords({ amount: 12_000, currency: "JPY" })).toBe("Cancelling now costs JP¥12,000");
  });
});
