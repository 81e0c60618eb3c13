import { describe, expect, it } from "vitest";
import { addDays, dateInTimeZone, daysBetween, eachDate, isCalendarDate, isValidTimeZone, nightsOfStay } from "@/lib/dates/calendar-date";

describe("calendar dates", () => {
  it("accept only real dates in YYYY-MM-DD form", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    for (const bad of ["2026-02-30", "2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T00:00:00Z", "", "2026/01/01"]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it("count nights as the half-open range [checkin, checkout)", () => {
    expect(nightsOfStay("2026-03-28", "2026-03-31")).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(nightsOfStay("2026-03-31", "2026-03-31")).toEqual([]);
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
  });

  it("step over month, year and daylight-saving boundaries by whole days", () => {
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30"); // Europe's clocks change on 29 March 2026
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(eachDate("2026-10-24", "2026-10-26")).toEqual(["2026-10-24", "2026-10-25", "2026-10-26"]);
  });

  it("tell today's date at a property from its time zone", () => {
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(dateInTimeZone(instant, "UTC")).toBe("2026-11-22");
    expect(dateInTimeZone(instant, "Europe/Lisbon")).toBe("2026-11-22");
    expect(dateInTimeZone(instant, "Europe/Zurich")).toBe("2026-11-23");
    expect(dateInTimeZone(instant, "America/Los_Angeles")).toBe("2026-11-22");
    expect(dateInTimeZone(new Date("2026-11-22T09:00:00Z"), "Pacific/Honolulu")).toBe("2026-11-21");
  });

  it("accept IANA zones including UTC, and refuse others", () => {
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Europe/Lisbon")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});
