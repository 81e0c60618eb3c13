import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { addDays, toDbDate } from "@/lib/dates/calendar-date";
import { checkInvariants } from "@/lib/integrity/check-invariants";
import { propertyToday } from "@/lib/properties/property-today";
import { type AdminIo, type OpenDatabase, runAdmin } from "@/scripts/admin/run-admin";
import { seedProperty } from "@/prisma/factories";
import { adminCliOn, type AdminRun } from "../support/admin-cli";
import { setupTestDatabase } from "../support/database";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { openTestTwin } from "@/lib/test-mode/test-twin";

const database = setupTestDatabase();

const guest = { firstName: "Ana", lastName: "Silva", email: "ana@example.com" };

type Run = AdminRun;

/** The CLI as operators run it: a child process on the test database. */
const admin = adminCliOn(database);

/** The CLI in-process on the test database (for the text output). */
async function adminInProcess(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: AdminIo = { stdout: (text) => out.push(text), stderr: (line) => err.push(line), readStdin: async () => "", debug: false };
  const open: OpenDatabase = (fn) => fn(database().db);
  const code = await runAdmin(argv, io, open);
  return { code, stdout: out.join(""), stderr: err };
}

/** --json: exactly one JSON object on stdout, nothing on stderr. */
function jsonOf(run: Run, code: 0 | 1): Record<string, any> {
  expect(run.stderr).toBe("");
  expect(run.code).toBe(code);
  expect(run.stdout.endsWith("}\n")).toBe(true);
  return JSON.parse(run.stdout);
}

/**
 * Two properties, bookings made and cancelled through the real domain functions:
 * Harbour: Double b1 [+14, +17), b2 [+15, +18), b4 [+16, +19) cancelled; Single b3 [+14, +16).
 * Hill: Room b5 [+14, +17).
 */
async function fixture() {
  const db = database().db;
  const harbour = await seedProperty(db, {
    name: "Check Harbour",
    roomTypes: [
      { name: "Double", maxAdults: 2, rooms: 5, basePrice: 10_000 },
      { name: "Single", maxAdults: 1, rooms: 3, basePrice: 8_000 },
    ],
  });
  const hill = await seedProperty(db, { name: "Check Hill", roomTypes: [{ name: "Room", maxAdults: 2, rooms: 2, basePrice: 9_000 }] });
  const today = propertyToday(harbour.property);
  const day = (n: number) => addDays(today, n);
  const book = async (at: typeof harbour, roomTypeIndex: number, from: number, to: number) => {
    const input = { roomTypeId: at.roomTypes[roomTypeIndex]!.id, checkin: day(from), checkout: day(to), adults: 1, guest };
    return (unlessRefused(await createBooking(db, { property: at.property, actor: TEST_ACTOR, input }))).booking;
  };
  const b1 = await book(harbour, 0, 14, 17);
  const b2 = await book(harbour, 0, 15, 18);
  const b3 = await book(harbour, 1, 14, 16);
  const b4 = await book(harbour, 0, 16, 19);
  unlessRefused(await cancelBooking(db, { actor: TEST_ACTOR, property: harbour.property, bookingId: b4.id }));
  const b5 = await book(hill, 0, 14, 17);
  const [double, single] = [harbour.roomTypes[0]!, harbour.roomTypes[1]!];
  return { harbour: harbour.property, hill: hill.property, double, single, room: hill.roomTypes[0]!, day, b1, b2, b3, b4, b5 };
}

describe("admin check", { timeout: 120_000 }, () => {
  let f: Awaited<ReturnType<typeof fixture>>;
  beforeAll(async () => {
    f = await fixture();
  });

  it("a clean database: ok, exit 0, no violations, and the counts of what was read", async () => {
    const [cli, harbourOnly, text] = await Promise.all([
      admin(["check", "--json"]),
      checkInvariants(database().db, { propertySlug: f.harbour.slug }),
      adminInProcess(["check"]),
    ]);
    expect(jsonOf(cli, 0)).toEqual({ ok: true, checked: { properties: 2, testTwins: 0, nights: 3 * 730, bookings: 5 }, violations: [] });
    expect(harbourOnly).toEqual({ ok: true, checked: { properties: 1, testTwins: 0, nights: 2 * 730, bookings: 4 }, violations: [] });
    expect(text.code).toBe(0);
    expect(text.stderr).toEqual([]);
    expect(text.stdout).toBe(
      "Checked 2 properties: 2190 nights and 5 bookings, in one read-only snapshot.\nNo violations: every stored invariant holds.\n",
    );
  });

  it("corrupted rows are each reported with their kind, ids, expected and actual", async () => {
    const { db } = database();
    const { harbour, hill, double, single, room, day, b2, b3, b4, b5 } = f;
    // b1 and b2 cover +15: 2 confirmed bookings; the counter now says 3.
    await db.$executeRaw`UPDATE room_nights SET rooms_sold = rooms_sold + 1 WHERE room_type_id = ${double.id} AND date = ${toDbDate(day(15))}::date`;
    // b3: 2 nights at 8000 = 16000; the total now says 16500.
    await db.$executeRaw`UPDATE bookings SET total_amount = 16500 WHERE id = ${b3.id}`;
    // +17 is a night of b2 (confirmed) and of b4 (cancelled): both lose it.
    await db.$executeRaw`DELETE FROM room_nights WHERE room_type_id = ${double.id} AND date = ${toDbDate(day(17))}::date`;
    // b5 loses its last nightly price: dates and sum both wrong.
    await db.$executeRaw`UPDATE bookings SET nightly_prices = nightly_prices - 2 WHERE id = ${b5.id}`;

    const harbourViolations = [
      { kind: "rooms_sold_mismatch", propertyId: harbour.id, roomTypeId: double.id, date: day(15), expected: 2, actual: 3 },
      { kind: "nightly_total_mismatch", propertyId: harbour.id, roomTypeId: single.id, bookingId: b3.id, expected: 16_000, actual: 16_500 },
      ...[b2.id, b4.id].sort().map((bookingId) => ({ kind: "night_missing", propertyId: harbour.id, roomTypeId: double.id, bookingId, date: day(17) })),
    ];
    const hillViolations = [
      { kind: "nightly_total_mismatch", propertyId: hill.id, roomTypeId: room.id, bookingId: b5.id, expected: 18_000, actual: 27_000 },
      {
        kind: "nightly_prices_mismatch",
        propertyId: hill.id,
        roomTypeId: room.id,
        bookingId: b5.id,
        expected: [day(14), day(15), day(16)],
        actual: [day(14), day(15)],
      },
    ];
    const byKind = (v: { kind: string }) => ["rooms_sold_mismatch", "nightly_total_mismatch", "night_missing", "nightly_prices_mismatch"].indexOf(v.kind);
    const all = await checkInvariants(db);
    expect(all.ok).toBe(false);
    expect(all.checked).toEqual({ properties: 2, testTwins: 0, nights: 3 * 730 - 1, bookings: 5 });
    expect(all.violations).toHaveLength(harbourViolations.length + hillViolations.length);
    expect(all.violations).toEqual(expect.arrayContaining([...harbourViolations, ...hillViolations]));
    expect(all.violations.map(byKind)).toEqual([...all.violations.map(byKind)].sort());

    expect(await checkInvariants(db, { propertySlug: harbour.slug })).toEqual({
      ok: false,
      checked: { properties: 1, testTwins: 0, nights: 2 * 730 - 1, bookings: 4 },
      violations: harbourViolations,
    });

    // The CLI: --json with a SLUG narrows to that property and exits 1; the text lists each violation.
    const [cli, text] = await Promise.all([admin(["check", hill.slug, "--json"]), adminInProcess(["check"])]);
    expect(jsonOf(cli, 1)).toEqual({ ok: false, checked: { properties: 1, testTwins: 0, nights: 730, bookings: 1 }, violations: hillViolations });
    expect(text.code).toBe(1);
    const lines = text.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Checked 2 properties: 2189 nights and 5 bookings, in one read-only snapshot.");
    expect(lines.slice(1, -1)).toHaveLength(6);
    expect(lines).toContain(`rooms_sold_mismatch: room type ${double.id} (${harbour.id}), night ${day(15)}: rooms_sold is 3, confirmed bookings covering it: 2`);
    expect(lines).toContain(`night_missing: booking ${b4.id} (${harbour.id}): night ${day(17)} of room type ${double.id} has no room_nights row`);
    expect(lines.at(-1)).toBe("6 violations found (1 rooms_sold_mismatch, 2 nightly_total_mismatch, 2 night_missing, 1 nightly_prices_mismatch).");
  });

  it("an unknown slug exits 1, a bad argument exits 2, each with one line on stderr", async () => {
    const [unknown, bad] = await Promise.all([admin(["check", "no-such-inn", "--json"]), admin(["check", f.harbour.slug, "extra", "--json"])]);
    for (const [run, code] of [[unknown, 1], [bad, 2]] as const) {
      expect(run.code).toBe(code);
      expect(run.stdout).toBe("");
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
    expect(unknown.stderr).toBe('error: no property with slug "no-such-inn"\n');
    expect(bad.stderr).toMatch(/^error: check: unexpected argument "extra" \(usage: npm run admin -- check \[SLUG\] \[--json\]\)/);
  });

  it("counts live properties and test twins apart, as property list does: 2 properties and 1 test twin, not 3 properties", async () => {
    await openTestTwin(database().db, f.harbour.id);
    const [cli, text] = await Promise.all([admin(["check", "--json"]), adminInProcess(["check"])]);
    // (the earlier test left violations: the exit code is not what this asserts)
    expect(JSON.parse(cli.stdout).checked).toMatchObject({ properties: 2, testTwins: 1 });
    expect(text.stdout).toMatch(/^Checked 2 properties and 1 test twin: /);
  });
});
