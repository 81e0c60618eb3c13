import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findActiveApiKey } from "@/lib/api-keys/find-active-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { rotateApiKey } from "@/lib/api-keys/rotate-api-key";
import { openBookingEngine } from "@/lib/booking-engine/booking-engine";
import { createSecretBox } from "@/lib/secrets/secret-box";
import { readLocalState, writeLocalState } from "@/scripts/app/local-state";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { addDays } from "@/lib/dates/calendar-date";
import { checkInvariants } from "@/lib/integrity/check-invariants";
import { propertyToday } from "@/lib/properties/property-today";
import { verifyPassword } from "@/lib/staff/password";
import { DEMO_BOOKINGS_DAYS_AHEAD, DEMO_BOOKINGS_DAYS_BACK } from "@/prisma/demo-bookings";
import { seedDemo, SITE_KEY_LABEL } from "@/prisma/seed";
import { DEMO_PARTNER_KEY_LABEL, prepareDemo } from "@/scripts/app/prepare-demo";
import { createTestDatabase, disposeTestDatabase, setupTestDatabase, type TestDatabase } from "../support/database";

const database = setupTestDatabase();
const extra: TestDatabase[] = [];
afterAll(async () => {
  for (const database of extra) await disposeTestDatabase(database);
});

describe("demo seed", () => {
  it("creates both hotels with their rooms, 730 nights of prices, a staff login and a key, and is safe to run twice", async () => {
    const { db } = database();
    const made = await seedDemo(db);
    expect(made.map((m) => m.slug)).toEqual(["harbour-view-hotel", "alpine-lodge"]);
    expect(await seedDemo(db)).toEqual([]);

    const harbour = await db.property.findUniqueOrThrow({ where: { slug: "harbour-view-hotel" }, include: { roomTypes: true } });
    expect(harbour).toMatchObject({ timezone: "Europe/Lisbon", currency: "EUR", plan: "starter" });
    // What guests see of it: its contact, and the default check-in and check-out times.
    expect(harbour).toMatchObject({ contactEmail: "frontdesk@harbour-view.example", contactPhone: "+351 21 123 4567", checkInFrom: "15:00", checkOutUntil: "11:00" });
    expect(harbour.roomTypes.map((r) => [r.maxAdults, r.rooms >= 3 && r.rooms <= 10]).sort()).toEqual([
      [1, true],
      [2, true],
      [2, true],
      [4, true],
    ]);
    const alpine = await db.property.findUniqueOrThrow({ where: { slug: "alpine-lodge" }, include: { roomTypes: true } });
    expect(alpine).toMatchObject({ timezone: "Europe/Zurich", currency: "CHF", plan: "free" });
    expect(alpine.roomTypes).toHaveLength(2);

    // 730 nights from today, and the two weeks before it opened for the demo bookings.
    for (const roomType of harbour.roomTypes) {
      expect(await db.roomNight.count({ where: { roomTypeId: roomType.id } })).toBe(730 + DEMO_BOOKINGS_DAYS_BACK);
    }
    const prices = await db.roomNight.findMany({ where: { roomTypeId: harbour.roomTypes[0]!.id }, select: { price: true } });
    expect(new Set(prices.map((p) => p.price)).size).toBeGreaterThan(2); // weekend and seasonal variation

    for (const m of made) {
      const staff = await db.staffUser.findUniqueOrThrow({ where: { email: m.staffEmail } });
      expect(await verifyPassword(m.staffPassword!, staff.passwordHash)).toBe(true);
      expect(staff.name).toBe(m.slug === "alpine-lodge" ? "Lukas Meier" : "Maria Silva");
      const key = await findActiveApiKey(db, m.apiKey!.key);
      expect(key?.property.slug).toBe(m.slug);
    }
    expect(made.find((m) => m.slug === "alpine-lodge")?.apiKey?.scope).toBe("read");
  });

  it("keeps working demo credentials for npm run dev, replacing a key rotated or revoked in the panel", async () => {
    const { db, url } = database();
    const stateFile = join(mkdtempSync(join(tmpdir(), "rb-state-")), "local-state.json");
    const first = await prepareDemo(url, stateFile);
    const again = await prepareDemo(url, stateFile);
    expect(again.state.demo).toEqual(first.state.demo);
    expect(again.state.sessionSecret).toBe(first.state.sessionSecret);

    const key = await findActiveApiKey(db, first.state.demo.partnerApiKey);
    await revokeApiKey(db, { keyId: key!.id, actor: ADMIN_CLI_ACTOR });
    const replaced = await prepareDemo(url, stateFile);
    expect(replaced.state.demo.partnerApiKey).not.toBe(first.state.demo.partnerApiKey);
    expect((await findActiveApiKey(db, replaced.state.demo.partnerApiKey))?.scope).toBe("write");
    expect(replaced.notes.join(" ")).toMatch(/no longer worked/);
    // And a test key of the demo hotel's test twin, kept the same way.
    const testKey = await findActiveApiKey(db, replaced.state.demo.testApiKey!);
    expect(replaced.state.demo.testApiKey).toMatch(/^rbp_test_/);
    expect(testKey?.property).toMatchObject({ slug: "harbour-view-hotel~test", livePropertyId: key!.propertyId });
    expect(testKey?.scope).toBe("write");
  });

  it("gives the demo site a key of its own, and the banner another for partners: a partner rotating the site's key leaves no stray key", async () => {
    const { db, url } = database();
    const stateFile = join(mkdtempSync(join(tmpdir(), "rb-state-")), "local-state.json");
    const { state } = await prepareDemo(url, stateFile);
    const site = await findActiveApiKey(db, state.demo.siteApiKey);
    const partner = await findActiveApiKey(db, state.demo.partnerApiKey);
    expect(state.demo.siteApiKey).not.toBe(state.demo.partnerApiKey);
    const labels = async (...ids: string[]) => (await db.apiKey.findMany({ where: { id: { in: ids } }, select: { label: true } })).map((k) => k.label).sort();
    expect(await labels(site!.id, partner!.id)).toEqual([DEMO_PARTNER_KEY_LABEL, SITE_KEY_LABEL].sort());

    // Rotated as a partner would (admin key rotate): the new value is held by whoever rotated, not the site.
    const rotated = await rotateApiKey(db, { keyId: site!.id, actor: ADMIN_CLI_ACTOR });
    const next = await prepareDemo(url, stateFile);
    expect(next.notes.join(" ")).toMatch(/demo site's key no longer worked .*revoked the key that replaced it/);
    expect(await findActiveApiKey(db, rotated.key), "the rotated value is not left active beside the new site key").toBeNull();
    const newSite = await findActiveApiKey(db, next.state.demo.siteApiKey);
    expect(await labels(newSite!.id)).toEqual([SITE_KEY_LABEL]);
    expect(newSite?.scope).toBe("write");
    // The banner's key was not touched.
    expect(next.state.demo.partnerApiKey).toBe(state.demo.partnerApiKey);
  });

  it("reads a state file from before the site had its own key: that key stays the site's, and a partner key is made", async () => {
    const { db, url } = database();
    const stateFile = join(mkdtempSync(join(tmpdir(), "rb-state-")), "local-state.json");
    const { state } = await prepareDemo(url, stateFile);
    const { siteApiKey, ...older } = state.demo;
    writeLocalState(stateFile, { ...readLocalState(stateFile), demo: { ...older, partnerApiKey: siteApiKey } });
    const read = await prepareDemo(url, stateFile);
    expect(read.state.demo.siteApiKey).toBe(siteApiKey);
    expect(read.state.demo.partnerApiKey).not.toBe(siteApiKey);
    expect((await findActiveApiKey(db, read.state.demo.partnerApiKey))?.scope).toBe("write");
  });
});

describe("the demo hotel's showcase", () => {
  it("shows what the product does on first start: two rate plans beside Standard, children's age bands and rooms for families, a weekend's minimum stay, the booking engine on", async () => {
    const fresh = await createTestDatabase();
    extra.push(fresh);
    const { db } = fresh;
    const box = createSecretBox("s".repeat(32), "booking-engine-keys");
    await seedDemo(db, { engineBox: box });
    const harbour = await db.property.findUniqueOrThrow({ where: { slug: "harbour-view-hotel" }, include: { ratePlans: true, roomTypes: true } });
    const plans = Object.fromEntries(harbour.ratePlans.map((plan) => [plan.name, plan]));
    expect(Object.keys(plans).sort()).toEqual(["Flexible with breakfast", "Non-refundable saver", "Standard"]);
    expect(plans["Non-refundable saver"]).toMatchObject({ cancellationType: "non_refundable", pricePercent: -10, active: true });
    expect(plans["Flexible with breakfast"]).toMatchObject({ cancellationType: "free_until", freeDaysBefore: 3, cancellationFee: "first_night", priceAmount: 1_500, active: true });

    // The first weekend two weeks out: Friday and Saturday arrivals stay 2 nights at least, every room type; the nights around it do not.
    const today = propertyToday(harbour);
    const friday = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(today, 14 + i)).find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 5)!;
    for (const roomType of harbour.roomTypes) {
      const nights = await db.roomNight.findMany({ where: { roomTypeId: roomType.id, date: { gte: new Date(`${addDays(friday, -1)}T00:00:00Z`), lte: new Date(`${addDays(friday, 2)}T00:00:00Z`) } }, orderBy: { date: "asc" } });
      expect(nights.map((night) => night.minStay), roomType.name).toEqual([1, 2, 2, 1]);
    }
    // Families: its children's age bands, and the Double Room and Family Suite take children (their rates still cover every adult, so no demo price moves).
    expect(harbour.childAgeBands).toEqual([
      { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
      { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
      { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
    ]);
    const occupancy = Object.fromEntries(harbour.roomTypes.map((r) => [r.name, [r.maxAdults, r.maxChildren, r.maxOccupancy, r.adultsIncluded, r.extraAdult]]));
    expect(occupancy).toEqual({ "Single Room": [1, 0, 1, 1, 0], "Double Room": [2, 1, 3, 2, 0], "Twin Room": [2, 0, 2, 2, 0], "Family Suite": [4, 3, 5, 4, 0] });
    // The engine's site books with its own key, sealed with the server's box.
    expect(await openBookingEngine(db, "harbour-view-hotel", box)).toMatchObject({ engine: { enabled: true }, apiKey: expect.stringMatching(/^rbp_/) });
    // Alpine Lodge (the Free plan) shows none of it.
    expect(await db.ratePlan.count({ where: { property: { slug: "alpine-lodge" } } })).toBe(1);
    expect(await openBookingEngine(db, "alpine-lodge", box)).toBeNull();
  });
});

describe("demo bookings", () => {
  it("are made through the domain when the demo hotels are created: past and future, some cancelled, fuller at weekends, every counter agreeing, nobody told", async () => {
    const fresh = await createTestDatabase(); // a database of its own: nothing seeded or queued by the other tests
    extra.push(fresh);
    const { db } = fresh;
    const started = Date.now();
    const made = await seedDemo(db);
    console.error(`[seed test] seedDemo took ${Date.now() - started} ms`);

    for (const m of made) {
      const property = await db.property.findUniqueOrThrow({ where: { slug: m.slug } });
      const today = propertyToday(property);
      const stats = await db.$queryRaw<{ total: number; cancelled: number; first: string; last: string; past: number; future: number; foreign: number; made_later: number }[]>`
        SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
               to_char(min(checkin), 'YYYY-MM-DD') AS first, to_char(max(checkin), 'YYYY-MM-DD') AS last,
               count(*) FILTER (WHERE checkin < ${today}::date)::int AS past, count(*) FILTER (WHERE checkin > ${today}::date)::int AS future,
               count(*) FILTER (WHERE guest_email NOT LIKE '%@example.com')::int AS foreign,
               count(*) FILTER (WHERE created_at > now() OR (created_at AT TIME ZONE ${property.timezone})::date > checkin
                                OR cancelled_at < created_at OR cancelled_at > now())::int AS made_later
        FROM bookings WHERE property_id = ${property.id}`;
      const s = stats[0]!;
      expect(m.bookings).toEqual({ made: s.total, cancelled: s.cancelled });
      expect(s.total, m.slug).toBeGreaterThan(m.slug === "harbour-view-hotel" ? 200 : 50);
      expect(s.cancelled / s.total).toBeGreaterThan(0.03);
      expect(s.cancelled / s.total).toBeLessThan(0.2);
      expect(s.first).toBe(addDays(today, -DEMO_BOOKINGS_DAYS_BACK));
      expect(s.last <= addDays(today, DEMO_BOOKINGS_DAYS_AHEAD)).toBe(true);
      expect(s.past).toBeGreaterThan(0);
      expect(s.future).toBeGreaterThan(0);
      expect(s.foreign).toBe(0);
      expect(s.made_later, "made and cancelled before check-in, and not in the future").toBe(0);

      // Friday and Saturday nights are fuller than Monday and Tuesday nights (the last two weeks, whose bookings are all in).
      const [byNight] = await db.$queryRaw<{ weekend: number; early_week: number }[]>`
        SELECT avg(sold) FILTER (WHERE extract(dow FROM date) IN (5, 6))::float8 AS weekend,
               avg(sold) FILTER (WHERE extract(dow FROM date) IN (1, 2))::float8 AS early_week
        FROM (SELECT n.date, sum(n.rooms_sold)::float8 / sum(n.rooms_for_sale) AS sold
              FROM room_nights n JOIN room_types t ON t.id = n.room_type_id
              WHERE t.property_id = ${property.id} AND n.date >= ${addDays(today, -DEMO_BOOKINGS_DAYS_BACK)}::date AND n.date < ${today}::date
              GROUP BY n.date) AS nights`;
      expect(byNight!.weekend).toBeGreaterThan(byNight!.early_week + 0.15);

      // Each booking and each cancellation has its event, and the property sends guest e-mails from now on.
      const events = await db.event.groupBy({ by: ["type"], where: { propertyId: property.id }, _count: true });
      expect(Object.fromEntries(events.map((e) => [e.type, e._count]))).toEqual({ "booking.created": s.total, "booking.cancelled": s.cancelled });
      expect(property.guestEmailsEnabled).toBe(true);
    }
    // The new calendars and their bookings are marked for ari.changed (raised when a worker runs); nothing else is queued.
    const jobs = await db.$queryRaw<{ task: string }[]>`SELECT DISTINCT task_identifier AS task FROM graphile_worker.jobs`;
    expect(jobs.map((job) => job.task), "no e-mail or webhook is dispatched for demo bookings").toEqual(["raise-ari-events"]);
    expect(await db.guestEmail.count()).toBe(0);

    const check = await checkInvariants(db);
    expect(check.violations).toEqual([]);
    expect(check.ok).toBe(true);

    // Bookings of several channels: partners' keys, the demo key, and made elsewhere.
    const harbour = await db.property.findUniqueOrThrow({ where: { slug: "harbour-view-hotel" } });
    const channels = await db.$queryRaw<{ label: string | null }[]>`
      SELECT DISTINCT k.label FROM bookings b LEFT JOIN api_keys k ON k.id = b.api_key_id WHERE b.property_id = ${harbour.id}`;
    expect(channels.map((c) => c.label).sort()).toEqual(["CityHop app", "Hotel website (guest site)", "Wanderly travel site", null]);

    // A key that made bookings was used: its last use is its latest booking (the panel said "never").
    const keys = await db.$queryRaw<{ label: string; last_used_at: Date | null; last_booking: Date | null }[]>`
      SELECT k.label, k.last_used_at, max(b.created_at) AS last_booking
      FROM api_keys k LEFT JOIN bookings b ON b.api_key_id = k.id GROUP BY k.id`;
    expect(keys.filter((k) => k.last_booking).length).toBeGreaterThanOrEqual(3);
    for (const k of keys) expect(k.last_used_at, k.label).toEqual(k.last_booking);

    const before = await db.booking.count();
    expect(await seedDemo(db)).toEqual([]);
    expect(await db.booking.count()).toBe(before);
  });
});
