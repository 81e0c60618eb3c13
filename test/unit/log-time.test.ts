import { describe, expect, it } from "vitest";
import { isoTime } from "@/lib/log";

describe("the log line's time", () => {
  it("is pino's isoTime to the millisecond, across seconds, minutes and years", () => {
    const instants = [Date.parse("2026-12-31T23:59:59.998Z"), Date.parse("2026-12-31T23:59:59.999Z"), Date.parse("2027-01-01T00:00:00.000Z"), Date.parse("2027-01-01T00:00:00.007Z"), Date.parse("2027-01-01T00:00:00.042Z"), Date.parse("2027-01-01T00:00:01.500Z")];
    for (let ms = Date.parse("2026-11-23T19:30:00Z"); ms < Date.parse("2026-11-23T19:30:03Z"); ms += 7) instants.push(ms);
    for (const now of instants) expect(isoTime(now)).toBe(`,"time":"${new Date(now).toISOString()}"`);
  });
});
