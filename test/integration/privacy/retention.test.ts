import { describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { createBooking } from "@/lib/bookings/create-booking";
import { addDays, addMonths, type CalendarDate } from "@/lib/dates/calendar-date";
import { createDb } from "@/lib/db";
import { applyRetention } from "@/lib/privacy/apply-retention";
import { setGuestRetention } from "@/lib/privacy/set-guest-retention";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { setupTestDatabase } from "../../support/database";
import { seedHotel } from "../../support/hotel";

/**
 * The retention period (issue 40): a property's guests are anonymised its period after their
 * checkout, younger stays untouched, by batches that never hold a lock a booking waits for; a test twin
 * follows its test clock.
 */
const database = setupTestDatabase();
/** The application_name of the connections a retention run is given below. */
const RETENTION_RUN = "retention run";

async function hotel(name: string) {
  const { db } = database();
  // Rooms enough that the booking load below never sells a night out (it makes thousands of bookings).
  const { property, roomTypes: { Double: double }, today } = await seedHotel(db, { Double: { rooms: 1_000, basePrice: 12_000 } }, { name });
  const template = unlessRefused(
    await createBooking(db, {
      property,
      actor: TEST_ACTOR,
      input: { roomTypeId: double.id, checkin: addDays(today, 3), checkout: addDays(today, 5), adults: 1, guest: { firstName: "Tess", lastName: "Template", email: "tess@example.com" } },
    }),
  ).booking;
  /** `count` bookings like the template whose stay ended on `checkout` (written directly: no door books the past). */
  const pastStays = async (checkout: CalendarDate, count: number, tag: string) => {
    await db.$executeRaw`
      INSERT INTO bookings
      SELECT (jsonb_populate_record(b, jsonb_build_object(
        'id', 'bk_' || ${tag} || lpad(g::text, 16, '0'), 'reference', upper(${tag}) || '-' || g, 'idempotency_key', NULL,
        'checkin', ${addDays(checkout, -2)}::date, 'checkout', ${checkout}::date, 'guest_email', 'old.' || g || '@example.com'))).*
      FROM bookings b, generate_series(1, ${count}::int) g WHERE b.id = ${template.id}`;
    return (await db.booking.findMany({ where: { propertyId: property.id, id: { startsWith: `bk_${tag}` } }, select: { id: true } })).map((b) => b.id);
  };
  return { property, double, today, template, pastStays };
}

describe("applyRetention", () => {
  it("anonymises the stays that ended more than the period ago, and no other; again, nothing more", async () => {
    const { db } = database();
    const { property, today, template, pastStays } = await hotel("Retention Inn");
    await db.property.update({ where: { id: property.id }, data: { guestRetentionMonths: 12 } });
    const before = addMonths(today, -12);
    const old = await pastStays(addDays(before, -1), 3, "old");
    const onTheDay = await pastStays(before, 1, "day");
    const young = await pastStays(addDays(before, 30), 2, "yng");

    const run = await applyRetention(db, { propertyId: property.id, batchSize: 2 });
    expect(run).toEqual({ property: property.slug, months: 12, before, anonymised: 3 });
    const anonymised = async (ids: string[]) => (await db.booking.findMany({ where: { id: { in: ids } }, select: { anonymisedAt: true } })).map((b) => b.anonymisedAt !== null);
    expect(await anonymised(old)).toEqual([true, true, true]);
    expect(await anonymised([...onTheDay, ...young, template.id])).toEqual([false, false, false, false]);
    // Two batches of at most two: two audit entries, 3 bookings in all, by the retention period.
    const audit = await db.auditEvent.findMany({ where: { propertyId: property.id, action: "guest_anonymised" } });
    expect(audit.map((entry) => (entry.details as { bookings: number }).bookings).sort()).toEqual([1, 2]);
    expect(audit.every((entry) => entry.actorLabel === "retention period" && (entry.details as { way: string }).way === "retention")).toBe(true);

    expect((await applyRetention(db, { propertyId: property.id })).anonymised).toBe(0);
    await db.property.update({ where: { id: property.id }, data: { guestRetentionMonths: null } });
    expect(await applyRetention(db, { propertyId: property.id })).toMatchObject({ months: null, anonymised: 0 });
  });

  it("a test twin follows its live property's period by its own test clock", async () => {
    const { db } = database();
    const { property, today } = await hotel("Twin Retention Inn");
    await db.property.update({ where: { id: property.id }, data: { guestRetentionMonths: 6 } });
    const twin = await openTestTwin(db, property.id);
    await db.$executeRaw`
      INSERT INTO bookings
      SELECT (jsonb_populate_record(b, jsonb_build_object('id', 'bk_twin000000000000001', 'reference', 'TWIN-1', 'property_id', ${twin.id}::text,
        'idempotency_key', NULL, 'checkin', ${addDays(today, -40)}::date, 'checkout', ${addDays(today, -38)}::date))).*
      FROM bookings b WHERE b.property_id = ${property.id} LIMIT 1`;
    expect((await applyRetention(db, { propertyId: twin.id })).anonymised).toBe(0);
    // Six months on, by the twin's clock: that stay is past the period.
    await db.property.update({ where: { id: twin.id }, data: { testToday: new Date(`${addMonths(today, 6)}T00:00:00Z`) } });
    expect((await applyRetention(db, { propertyId: twin.id })).anonymised).toBe(1);
    expect((await db.booking.findUniqueOrThrow({ where: { id: "bk_twin000000000000001" } })).guestFirstName).toBe("Anonymised");
  });

  it("is set on the live property, audited once per change, and refused on a test twin or out of range", async () => {
    const { db } = database();
    const { property } = await hotel("Setting Retention Inn");
    expect(await setGuestRetention(db, { propertyId: property.id, months: 36, actor: TEST_ACTOR })).toEqual({ months: 36, changed: true });
    expect(await setGuestRetention(db, { propertyId: property.id, months: 36, actor: TEST_ACTOR })).toEqual({ months: 36, changed: false });
    expect(await setGuestRetention(db, { propertyId: property.id, months: null, actor: TEST_ACTOR })).toEqual({ months: null, changed: true });
    const audit = await db.auditEvent.findMany({ where: { propertyId: property.id, action: "property_settings_updated" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => entry.details)).toEqual([
      { changes: { guestRetentionMonths: { from: 24, to: 36 } } },
      { changes: { guestRetentionMonths: { from: 36, to: null } } },
    ]);
    await expect(setGuestRetention(db, { propertyId: property.id, months: 0, actor: TEST_ACTOR })).rejects.toThrow(/from 1 to 120, or off/);
    const twin = await openTestTwin(db, property.id);
    await expect(setGuestRetention(db, { propertyId: twin.id, months: 12, actor: TEST_ACTOR })).rejects.toThrow(/follows its live property/);
    expect((await db.property.findUniqueOrThrow({ where: { id: property.id } })).guestRetentionMonths).toBeNull();
  });

  it("anonymises 10,000 old bookings in batches while bookings are made at once on parallel connections: none fails, none ever waits for a lock the run holds", { timeout: 240_000 }, async () => {
    const { db, url } = database();
    const { property, double, today, pastStays } = await hotel("Busy Retention Inn");
    await db.property.update({ where: { id: property.id }, data: { guestRetentionMonths: 24 } });
    await pastStays(addMonths(today, -30), 10_000, "bulk");
    // The run on connections of its own, named, so PostgreSQL can say who a waiting session waits for.
    const runUrl = new URL(url);
    runUrl.searchParams.set("application_name", RETENTION_RUN);
    const runDb = createDb(runUrl.toString(), { maxConnections: 2 });

    let running = true;
    const waits: number[] = [];
    const errors: unknown[] = [];
    const load = async (worker: number) => {
      for (let i = 0; running; i++) {
        const checkin = addDays(today, 10 + ((worker * 97 + i) % 600));
        const started = performance.now();
        try {
          unlessRefused(
            await createBooking(db, {
              property,
              actor: TEST_ACTOR,
              input: { roomTypeId: double.id, checkin, checkout: addDays(checkin, 1), adults: 1, guest: { firstName: "Live", lastName: `Load${worker}`, email: `load${worker}@example.com` } },
            }),
          );
        } catch (error) {
          errors.push(error);
        }
        waits.push(performance.now() - started);
      }
    };
    // While the run goes on, again and again, from one snapshot of pg_locks: every lock a session waits for that one
    // of the run's connections holds until its transaction ends: a table, a row (the transaction id that updated it),
    // an advisory lock. Left out, as they guard no data a booking reads or writes: the moments PostgreSQL takes to
    // extend a table or index by a page (bookings wait for one another's too), and the lock a transaction that
    // NOTIFYs takes to commit (queuing a job notifies the worker, so bookings and batches commit one after another).
    const blockedByRun = new Set<string>();
    let looks = 0;
    const watch = async () => {
      while (running) {
        const rows = await db.$queryRaw<{ lock: string }[]>`
          WITH locks AS MATERIALIZED (SELECT * FROM pg_locks),
            run AS (SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${RETENTION_RUN})
          SELECT concat_ws(' ', w.mode, w.locktype, w.relation::regclass::text, w.transactionid::text, 'wanted by', (SELECT left(a.query, 60) FROM pg_stat_activity a WHERE a.pid = w.pid)) AS lock
          FROM locks w
          WHERE NOT w.granted AND w.pid NOT IN (SELECT pid FROM run) AND w.locktype IN ('relation', 'tuple', 'transactionid', 'advisory')
            AND EXISTS (
              SELECT 1 FROM locks h
              WHERE h.granted AND h.pid IN (SELECT pid FROM run) AND h.locktype = w.locktype
                AND h.database IS NOT DISTINCT FROM w.database AND h.relation IS NOT DISTINCT FROM w.relation
                AND h.page IS NOT DISTINCT FROM w.page AND h.tuple IS NOT DISTINCT FROM w.tuple
                AND h.virtualxid IS NOT DISTINCT FROM w.virtualxid AND h.transactionid IS NOT DISTINCT FROM w.transactionid
                AND h.classid IS NOT DISTINCT FROM w.classid AND h.objid IS NOT DISTINCT FROM w.objid AND h.objsubid IS NOT DISTINCT FROM w.objsubid)`;
        for (const row of rows) blockedByRun.add(row.lock);
        looks += 1;
      }
    };
    const loads = [0, 1, 2, 3].map(load);
    const watching = watch();
    const started = performance.now();
    // The load stops whatever the run does: a run that fails must fail the test, not leave it waiting.
    const run = await applyRetention(runDb, { propertyId: property.id }).finally(() => (running = false));
    const took = performance.now() - started;
    await Promise.all([...loads, watching, runDb.$disconnect()]);
    console.log(
      `[retention] 10,000 bookings anonymised in ${Math.round(took)} ms; ${waits.length} bookings made meanwhile, the longest in ${Math.round(Math.max(...waits))} ms; locks looked at ${looks} times`,
    );

    expect(run.anonymised).toBe(10_000);
    expect(await db.booking.count({ where: { propertyId: property.id, anonymisedAt: { not: null } } })).toBe(10_000);
    expect(await db.auditEvent.count({ where: { propertyId: property.id, action: "guest_anonymised" } })).toBe(20);
    expect(errors).toEqual([]);
    expect(waits.length).toBeGreaterThan(20);
    // Looked at all through the run (20 batches), and never saw a session waiting on it.
    expect(looks).toBeGreaterThan(20);
    expect([...blockedByRun]).toEqual([]);
  });
});
