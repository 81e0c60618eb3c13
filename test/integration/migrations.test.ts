import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { schemaEngine } from "@/scripts/db/engine";
import { applyMigrations, pendingSchemaChanges, readSchema, readSnapshot } from "@/scripts/db/migrations";
import { createTestDatabase, disposeTestDatabase, type TestDatabase } from "../support/database";

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await disposeTestDatabase(database);
});

async function emptyDatabase() {
  const database = await createTestDatabase({ template: false });
  databases.push(database);
  return database;
}

async function query(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** A new database built by the migrations before the one named `name`; `folders` are all of them in order, `index` that one's place, `run` applies one. */
async function migratedUpTo(name: string) {
  const { url } = await emptyDatabase();
  const root = join(import.meta.dirname, "..", "..", "prisma", "migrations");
  const folders = readdirSync(root).filter((folder) => /^\d{14}_/.test(folder)).sort();
  const index = folders.findIndex((folder) => folder.endsWith(`_${name}`));
  const run = (folder: string) => query(url, readFileSync(join(root, folder, "migration.sql"), "utf8"));
  for (const folder of folders.slice(0, index)) await run(folder);
  return { url, folders, index, run };
}

describe("migrations", () => {
  it("build an empty database from zero, and a second run applies nothing", async () => {
    const { url } = await emptyDatabase();
    const applied = await applyMigrations(url);
    expect(applied.length).toBeGreaterThan(0);
    expect(await applyMigrations(url)).toEqual([]);
    const status = await schemaEngine.migrationStatus(url);
    expect(status.pending).toEqual([]);
    expect(status.failed).toEqual([]);
    const tables = await query(url, "select table_name from information_schema.tables where table_schema = 'public'");
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["properties", "room_types", "room_nights", "bookings", "api_keys", "staff_users", "memberships", "staff_sessions", "audit_events"]),
    );
  });

  it("carry every change of schema.prisma (a change no migration carries fails this test)", async () => {
    const { url } = await emptyDatabase();
    expect(await pendingSchemaChanges(url)).toBe("");
    // The same comparison notices an uncommitted change: a new column shows as SQL.
    const changed = readSchema().replace("model Booking {", "model Booking {\n  notes String?");
    const sql = await schemaEngine.diffSchemas(url, readSnapshot(), changed);
    expect(sql).toMatch(/ALTER TABLE "bookings" ADD COLUMN\s+"notes" TEXT/);
  });
});

describe("database constraints", () => {
  it("exist after migrating", async () => {
    const { url } = await emptyDatabase();
    await applyMigrations(url);
    const checks = await query(url, "select conname from pg_constraint where contype = 'c'");
    expect(checks.rows.map((r) => r.conname)).toEqual(
      expect.arrayContaining([
        "room_nights_rooms_sold_within_for_sale",
        "bookings_stay_not_empty",
        "bookings_adults_positive",
        "bookings_cancellation_consistent",
        "bookings_source_known",
        "bookings_staff_only_at_desk",
        "bookings_key_only_through_api",
      ]),
    );
    const uniques = await query(url, "select indexname from pg_indexes where indexdef like 'CREATE UNIQUE%'");
    expect(uniques.rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining(["bookings_property_id_idempotency_key_key", "bookings_reference_key", "api_keys_hash_key"]),
    );
  });

  it("refuse selling more rooms than are for sale, even to concurrent updates on separate connections", async () => {
    const { url } = await emptyDatabase();
    await applyMigrations(url);
    await query(url, "insert into properties (id, name, slug, timezone, currency, plan, updated_at) values ('prop_1', 'P', 'p', 'UTC', 'EUR', 'starter', now())");
    await query(url, "insert into room_types (id, property_id, name, max_adults, max_occupancy, adults_included, rooms, base_price, updated_at) values ('rt_1', 'prop_1', 'Double', 2, 2, 2, 3, 1000, now())");
    await query(url, "insert into room_nights (room_type_id, date, rooms_for_sale, price) values ('rt_1', '2030-01-01', 3, 1000)");

    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        query(url, "update room_nights set rooms_sold = rooms_sold + 1 where room_type_id = 'rt_1' and date = '2030-01-01'"),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(String(r.reason)).toMatch(/room_nights_rooms_sold_within_for_sale/);
    const sold = await query(url, "select rooms_sold from room_nights where room_type_id = 'rt_1'");
    expect(sold.rows[0].rooms_sold).toBe(3);

    await expect(query(url, "update room_nights set rooms_for_sale = 2 where room_type_id = 'rt_1'")).rejects.toThrow(/rooms_sold_within_for_sale/);
    await expect(query(url, "update room_nights set rooms_sold = -1 where room_type_id = 'rt_1'")).rejects.toThrow(/rooms_sold_within_for_sale/);
  });

  it("refuse an empty stay, a cancelled booking without its time, a second booking for one Idempotency-Key, and an unknown source", async () => {
    const { url } = await emptyDatabase();
    await applyMigrations(url);
    await query(url, "insert into properties (id, name, slug, timezone, currency, plan, updated_at) values ('prop_1', 'P', 'p', 'UTC', 'EUR', 'starter', now())");
    await query(url, "insert into room_types (id, property_id, name, max_adults, max_occupancy, adults_included, rooms, base_price, updated_at) values ('rt_1', 'prop_1', 'Double', 2, 2, 2, 3, 1000, now())");
    await query(url, "insert into rate_plans (id, property_id, name, standard, cancellation_type, free_days_before, cancellation_fee, updated_at) values ('rp_1', 'prop_1', 'Standard', true, 'free_until', 0, 'first_night', now())");
    const insert = (id: string, reference: string, checkin: string, checkout: string, status = "confirmed", key: string | null = null, source = "api") =>
      query(
        url,
        `insert into bookings (id, reference, property_id, room_type_id, status, checkin, checkout, adults, guest_first_name, guest_last_name,
           guest_email, total_amount, currency, nightly_prices, idempotency_key, source, updated_at,
           rate_plan_id, rate_plan_name, cancellation_policy, fee_amount)
         values ($1, $2, 'prop_1', 'rt_1', $3, $4, $5, 2, 'A', 'B', 'a@b.example', 1000, 'EUR', '[]', $6, $7, now(),
           'rp_1', 'Standard', '{"type": "non_refundable"}', 1000)`,
        [id, reference, status, checkin, checkout, key, source],
      );
    await expect(insert("bk_1", "R-1", "2030-01-02", "2030-01-02")).rejects.toThrow(/bookings_stay_not_empty/);
    await expect(insert("bk_2", "R-2", "2030-01-01", "2030-01-02", "cancelled")).rejects.toThrow(/bookings_cancellation_consistent/);
    await insert("bk_3", "R-3", "2030-01-01", "2030-01-02", "confirmed", "same-key");
    await expect(insert("bk_4", "R-4", "2030-01-01", "2030-01-02", "confirmed", "same-key")).rejects.toThrow(/idempotency_key/);
    await expect(insert("bk_5", "R-3", "2030-01-01", "2030-01-02")).rejects.toThrow(/reference/);
    await expect(insert("bk_6", "R-6", "2030-01-01", "2030-01-02", "confirmed", null, "phone")).rejects.toThrow(/bookings_source_known/);
    await insert("bk_7", "R-7", "2030-01-01", "2030-01-02", "confirmed", null, "desk");
  });
});

describe("the rate plans migration (issue 22)", () => {
  it("gives every existing property its Standard plan and every existing booking that plan and its terms", async () => {
    const { url, folders, index, run } = await migratedUpTo("rate_plans_and_restrictions");

    await query(url, `INSERT INTO properties (id, name, slug, timezone, currency, plan, updated_at) VALUES ('prop_a', 'Lisbon Hotel', 'lisbon', 'Europe/Lisbon', 'EUR', 'starter', now())`);
    await query(url, `INSERT INTO room_types (id, property_id, name, max_adults, rooms, base_price, updated_at) VALUES ('rt_a', 'prop_a', 'Double', 2, 3, 10000, now())`);
    const booking = (id: string, reference: string, status: string, checkin: string) =>
      query(
        url,
        `INSERT INTO bookings (id, reference, property_id, room_type_id, status, checkin, checkout, adults, guest_first_name, guest_last_name, guest_email,
           total_amount, currency, nightly_prices, source, updated_at, cancelled_at)
         VALUES ($1, $2, 'prop_a', 'rt_a', $3::"BookingStatus", $4::date, $4::date + 2, 2, 'Ana', 'Silva', 'ana@example.com', 21000, 'EUR',
           jsonb_build_array(jsonb_build_object('date', $4, 'amount', 12000), jsonb_build_object('date', ($4::date + 1)::text, 'amount', 9000)), 'desk', now(),
           CASE WHEN $3::text = 'cancelled' THEN now() END)`,
        [id, reference, status, checkin],
      );
    await booking("bk_summer", "LH-SUMMER", "confirmed", "2027-07-10");
    await booking("bk_winter", "LH-WINTER", "cancelled", "2027-01-10");

    const noFeeAfterCheckin = folders.findIndex((name) => name.endsWith("_no_cancellation_fee_after_checkin"));
    for (const folder of folders.slice(index, noFeeAfterCheckin)) await run(folder);
    const plans = await query(url, "SELECT id, name, standard, cancellation_type, free_days_before, cancellation_fee, active FROM rate_plans");
    expect(plans.rows).toEqual([
      { id: expect.stringMatching(/^rp_[0-9a-hjkmnp-tv-z]{20}$/), name: "Standard", standard: true, cancellation_type: "free_until", free_days_before: 0, cancellation_fee: "first_night", active: true },
    ]);
    const bookings = await query(
      url,
      `SELECT id, rate_plan_id, rate_plan_name, cancellation_policy, to_char(free_until, 'YYYY-MM-DD') AS free_until, fee_from, fee_amount, cancellation_fee
       FROM bookings ORDER BY id`,
    );
    expect(bookings.rows).toEqual([
      // Lisbon is UTC+1 in summer: midnight after 10 July there is 23:00 UTC.
      { id: "bk_summer", rate_plan_id: plans.rows[0].id, rate_plan_name: "Standard", cancellation_policy: { type: "free_until", daysBefore: 0, fee: "first_night" }, free_until: "2027-07-10", fee_from: new Date("2027-07-10T23:00:00.000Z"), fee_amount: 12000, cancellation_fee: null },
      { id: "bk_winter", rate_plan_id: plans.rows[0].id, rate_plan_name: "Standard", cancellation_policy: { type: "free_until", daysBefore: 0, fee: "first_night" }, free_until: "2027-01-10", fee_from: new Date("2027-01-11T00:00:00.000Z"), fee_amount: 12000, cancellation_fee: 0 },
    ]);

    // Free until the check-in date, no fee could ever be charged (no cancelling after it): a later migration says so.
    for (const folder of folders.slice(noFeeAfterCheckin)) await run(folder);
    const corrected = await query(url, "SELECT id, to_char(free_until, 'YYYY-MM-DD') AS free_until, fee_from, fee_amount, cancellation_fee FROM bookings ORDER BY id");
    expect(corrected.rows).toEqual([
      { id: "bk_summer", free_until: "2027-07-10", fee_from: null, fee_amount: 0, cancellation_fee: null },
      { id: "bk_winter", free_until: "2027-01-10", fee_from: null, fee_amount: 0, cancellation_fee: 0 },
    ]);
  });
});

describe("the group booker erasure migration", () => {
  it("gives booking_group.anonymised to every endpoint that took booking.anonymised, and to no other", async () => {
    const { url, folders, index, run } = await migratedUpTo("booking_group_anonymised");

    await query(url, `INSERT INTO properties (id, name, slug, timezone, currency, plan, updated_at) VALUES ('prop_a', 'Lisbon Hotel', 'lisbon', 'Europe/Lisbon', 'EUR', 'starter', now())`);
    const endpoint = (id: string, events: string[]) =>
      query(url, `INSERT INTO webhook_endpoints (id, property_id, url, events, secret_ciphertext, updated_at) VALUES ($1, 'prop_a', 'https://partner.example.com/hooks', $2, 'sealed', now())`, [id, events]);
    await endpoint("whe_bookings", ["booking.created", "booking.changed", "booking.cancelled", "booking.anonymised"]);
    await endpoint("whe_ari", ["ari.changed"]);

    for (const folder of folders.slice(index)) await run(folder);
    const endpoints = await query(url, "SELECT id, events FROM webhook_endpoints ORDER BY id");
    expect(endpoints.rows).toEqual([
      { id: "whe_ari", events: ["ari.changed"] },
      { id: "whe_bookings", events: ["booking.created", "booking.changed", "booking.cancelled", "booking.anonymised", "booking_group.anonymised"] },
    ]);
  });
});
