import { describe, expect, it } from "vitest";
import { addDays, dateInTimeZone, dayOfWeek, daysBetween, eachDate, fromDbDate, isCalendarDate, isValidTimeZone, nightsOfStay, toDbDate } from "@/lib/dates/calendar-date";

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

  it("agree with the JavaScript Date on every day from 1900 to 2300", () => {
    const DAY_MS = 86_400_000;
    const first = Date.UTC(1900, 0, 1);
    const last = Date.UTC(2300, 11, 31);
    const wrong: string[] = [];
    let previous: string | null = null;
    for (let ms = first; ms <= last; ms += DAY_MS) {
      const day = new Date(ms);
      const date = day.toISOString().slice(0, 10);
      const right =
        isCalendarDate(date) &&
        dayOfWeek(date) === day.getUTCDay() &&
        toDbDate(date).getTime() === ms &&
        fromDbDate(day) === date &&
        (previous === null || (addDays(previous, 1) === date && addDays(date, -1) === previous));
      if (!right) wrong.push(date);
      previous = date;
    }
    expect(wrong).toEqual([]);
    expect(daysBetween("1900-01-01", "2300-12-31")).toBe((last - first) / DAY_MS);
    expect(addDays("2026-11-23", 146_097)).toBe("2426-11-23"); // 400 years
    expect(isCalendarDate("1899-12-31")).toBe(false);
    expect(isCalendarDate("2100-02-29")).toBe(false); // not a leap year
    expect(isCalendarDate("2000-02-29")).toBe(true); // a leap year
    expect(isCalendarDate("2026-04-31")).toBe(false);
    expect(isCalendarDate("2026-00-10")).toBe(false);
    expect(isCalendarDate("2026-01-00")).toBe(false);
  });

  it("tell the date at a zone minute by minute across midnights and clock changes, odd offsets included", () => {
    // +05:45, +12:45 (with daylight saving), -03:30 (with daylight saving), half-hour daylight saving, +14:00.
    const zones = ["Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns", "Australia/Lord_Howe", "Pacific/Kiritimati", "Europe/Lisbon", "America/New_York"];
    const reference = new Map(zones.map((zone) => [zone, new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })]));
    // Around Europe's and North America's autumn changes, and Chatham's and Lord Howe's spring change.
    const spans = ["2026-10-24T00:00:00Z", "2026-11-01T00:00:00Z", "2026-09-26T00:00:00Z", "2026-10-03T00:00:00Z"];
    const wrong: string[] = [];
    let checked = 0;
    for (const start of spans) {
      for (let minute = 0; minute < 2 * 24 * 60; minute++) {
        const instant = new Date(Date.parse(start) + minute * 60_000 + 59_999);
        for (const zone of zones) {
          checked++;
          if (dateInTimeZone(instant, zone) !== reference.get(zone)!.format(instant)) wrong.push(`${zone} at ${instant.toISOString()}`);
        }
      }
    }
    expect(checked).toBe(4 * 2 * 24 * 60 * zones.length);
    expect(wrong).toEqual([]);
  });
});
