/**
 * TEST_CLOCK_SHIFT_DAYS=N moves this process's clock N days (Date.now(), new Date()). npm test
 * runs the tests that pin instants once more this way, with N = 365 and this file in
 * NODE_OPTIONS so the admin CLI and other child processes move with them
 * (scripts/test/run-all.ts). PostgreSQL's now() does not move: a test that pins instants and
 * also meets the real clock anywhere (a default clock, now() in SQL, a worker) fails under the
 * shift today, instead of on the day its instants pass. Plain JavaScript, so any node process
 * can load it; vitest loads it as a setup file too (see vitest.config.ts), once per process.
 */
const days = Number(process.env.TEST_CLOCK_SHIFT_DAYS ?? 0);
if (!Number.isInteger(days)) throw new Error(`TEST_CLOCK_SHIFT_DAYS must be a whole number of days, not ${process.env.TEST_CLOCK_SHIFT_DAYS}`);
if (days !== 0 && !globalThis.__testClockShiftDays) {
  const offset = days * 86_400_000;
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
  globalThis.__testClockShiftDays = days;
}
