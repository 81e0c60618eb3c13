import { describe, expect, it } from "vitest";
import { formatInstant } from "@/lib/dates/format-instant";
import { formatDate, formatStayRange } from "@/lib/dates/format-calendar-date";

describe("times and stays as staff read them", () => {
  it("shows a moment on the property's clock, not as a UTC timestamp", () => {
    expect(formatInstant("2026-11-24T10:15:02.682Z", "Europe/Lisbon")).toBe("24 Nov 2026, 10:15");
    expect(formatInstant(new Date("2026-11-24T10:15:02.682Z"), "Asia/Tokyo")).toBe("24 Nov 2026, 19:15");
    expect(formatInstant("2026-11-24T23:15:02.682Z", "Asia/Tokyo", { seconds: true })).toBe("25 Nov 2026, 08:15:02");
    expect(formatInstant("2026-07-01T00:30:00Z", "America/New_York")).toBe("30 Jun 2026, 20:30");
  });

  it("shows a stay as a short range, the year once unless it changes", () => {
    expect(formatStayRange("2026-12-04", "2026-12-07")).toBe("4 Dec → 7 Dec 2026");
    expect(formatStayRange("2026-12-30", "2027-01-02")).toBe("30 Dec 2026 → 2 Jan 2027");
  });

  it("shows one date as a stay's end shows it, whatever the zone", () => {
    expect(formatDate("2026-12-04")).toBe("4 Dec 2026");
    expect(formatDate("2027-01-01")).toBe("1 Jan 2027");
  });
});
