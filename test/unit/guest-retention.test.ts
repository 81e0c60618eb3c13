import { describe, expect, it } from "vitest";
import { nextRetentionRun, RETENTION_CRONTAB } from "@/lib/privacy/apply-retention";
import { describeErasure } from "@/lib/privacy/erase-guest";
import { guestRetentionProblem } from "@/lib/privacy/set-guest-retention";

describe("the retention period's schedule and rules", () => {
  it("runs next today at 03:41 UTC while it is still to come, else tomorrow (also across a month's end)", () => {
    expect(nextRetentionRun(new Date("2026-11-27T03:40:59Z")).toISOString()).toBe("2026-11-27T03:41:00.000Z");
    expect(nextRetentionRun(new Date("2026-11-27T03:41:00Z")).toISOString()).toBe("2026-11-28T03:41:00.000Z");
    expect(nextRetentionRun(new Date("2026-11-30T23:59:00Z")).toISOString()).toBe("2026-12-01T03:41:00.000Z");
    expect(RETENTION_CRONTAB).toBe("41 3 * * * apply-retention");
  });

  it("takes 1 to 120 whole months, or off", () => {
    for (const months of [1, 24, 120, null]) expect(guestRetentionProblem(months)).toBeNull();
    for (const months of [0, 121, 1.5, -3, Number.NaN]) expect(guestRetentionProblem(months)).toMatch(/from 1 to 120, or off/);
  });

  it("says an erasure as the panel and the CLI do", () => {
    expect(describeErasure({ erased: ["HVH-1", "HVH-2"], notEnded: [] })).toEqual({ done: "Erased the guest from 2 bookings: HVH-1, HVH-2." });
    expect(describeErasure({ erased: [], notEnded: [{ reference: "HVH-3", checkout: "2026-12-04" }] }, (date) => `on ${date}`)).toEqual({
      done: "Erased no booking.",
      refused: "Not erased, their stay has not ended (cancel them first, or wait for check-out): HVH-3 (check-out on 2026-12-04).",
    });
  });
});
