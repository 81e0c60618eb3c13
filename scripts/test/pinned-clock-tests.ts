import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The vitest files that pin instants or dates (an ISO date or date-time literal, a fixed
 * clock, fake timers). npm test runs them a second time with the clock a year ahead
 * (test/support/shifted-clock.mjs): a file that pins a clock must pin every clock it meets,
 * or it fails then, not on the day its dates pass. Files that pin nothing run on the real
 * clock alone and need no second run.
 */
export const PINS_A_CLOCK = /"20\d{2}-[01]\d-[0-3]\d|fixedClock\(|setSystemTime|useFakeTimers/;

export const CLOCK_SHIFT_DAYS = 365;

export function pinnedClockTestFiles(root: string): string[] {
  return ["test/unit", "test/integration"].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".test.ts") && PINS_A_CLOCK.test(readFileSync(join(root, dir, file), "utf8")))
      .map((file) => join(dir, file))
      .sort(),
  );
}
