import { addDays } from "@/lib/dates/calendar-date";
import { createDb, type Db } from "@/lib/db";
import { propertyToday } from "@/lib/properties/property-today";
import { SEED_ACTOR } from "@/lib/audit/actor";
import { createRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import { seedApiKey, seedProperty } from "@/prisma/factories";
import { applyMigrations } from "../db/migrations";

/**
 * A bench property: Pro plan (200 requests a second), 10 room types of 10,000 rooms, 730 nights
 * each, and how hotels really sell (issue 22): 3 rate plans (Standard, a non-refundable one at
 * −10 % and a flexible one at +15 %, sold for half the room types) and stay restrictions on some
 * nights (a 2-night minimum for arrivals on Fridays and Saturdays, a 14-night maximum
 * everywhere): every search prices 2 or 3 offers per room type and reads the restrictions, and
 * none of the benchmark's stays (7 nights searched, 2 booked) is refused by them. And families
 * (issue 37): three children's age bands (Baby free, Child, Teen), every room type takes two
 * children, and its rate covers two adults (a third or fourth pays extraAdult): searches are for
 * a family (two adults and two children, or three adults and a child), bookings take a child, so
 * every offer and booking is priced for its party.
 */
export type Tenant = { key: string; propertyId: string; today: string; roomTypeIds: string[] };

async function seedTenant(db: Db, index: number): Promise<Tenant> {
  const { property, roomTypes } = await seedProperty(db, {
    name: `Bench Hotel ${index}`,
    plan: "pro",
    roomTypes: Array.from({ length: 10 }, (_, r) => ({ name: `Room type ${r}`, maxAdults: 2 + (r % 3), rooms: 10_000, basePrice: 9_000 + r * 500 })),
  });
  // As production runs, but with nothing to send: guest e-mails off and no webhook endpoints, so
  // the worker (running in the server) only marks each booking's events as done.
  await db.property.update({ where: { id: property.id }, data: { guestEmailsEnabled: false, childAgeBands: BENCH_CHILD_AGE_BANDS } });
  for (const roomType of roomTypes) {
    await db.roomType.update({ where: { id: roomType.id }, data: { maxChildren: 2, maxOccupancy: roomType.maxAdults + 2, adultsIncluded: 2, extraAdult: 2_500 } });
  }
  await createRatePlan(db, { propertyId: property.id, actor: SEED_ACTOR, name: "Non-refundable", priceRule: { percent: -10 }, cancellationPolicy: { type: "non_refundable" } });
  await createRatePlan(db, {
    propertyId: property.id,
    actor: SEED_ACTOR,
    name: "Flexible with breakfast",
    priceRule: { percent: 15 },
    cancellationPolicy: { type: "free_until", daysBefore: 2, fee: "first_night" },
    roomTypeIds: roomTypes.filter((_, r) => r % 2 === 0).map((roomType) => roomType.id),
  });
  const today = propertyToday(property);
  for (const roomType of roomTypes) {
    await setRates(db, { roomTypeId: roomType.id, from: today, to: addDays(today, 729), maxStay: 14 });
    await setRates(db, { roomTypeId: roomType.id, from: today, to: addDays(today, 729), weekdays: [5, 6], minStay: 2 });
  }
  const key = await seedApiKey(db, property.id, "write", "Bench");
  return { key: key.key, propertyId: property.id, today, roomTypeIds: roomTypes.map((r) => r.id) };
}

const BENCH_CHILD_AGE_BANDS = [
  { name: "Baby", fromAge: 0, toAge: 2, amount: 0 },
  { name: "Child", fromAge: 3, toAge: 11, amount: 1_500 },
  { name: "Teen", fromAge: 12, toAge: 17, amount: 2_500 },
];

/** The tables seedTenant fills. */
const SEEDED_TABLES = ["properties", "room_types", "room_nights", "api_keys", "audit_events", "rate_plans"];

/** The run's properties, seeded on demand (the capacity mode adds them as it needs them). */
export class BenchData {
  readonly tenants: Tenant[] = [];

  private constructor(private readonly db: Db) {}

  static async open(url: string): Promise<BenchData> {
    await applyMigrations(url);
    return new BenchData(createDb(url, { maxConnections: 2 }));
  }

  /**
   * Seeds properties up to `count`, then vacuums and analyzes the tables the seeding filled: what
   * follows is measured, and should neither share the machine with autovacuum catching up on
   * thousands of new rows nor be planned on statistics from before them. The tables the run
   * fills (bookings, events) are left to autovacuum, as on a new installation: analyzed while
   * empty, their statistics would say "empty" until autovacuum's next visit, and the plans each
   * connection caches meanwhile (book_stay's Idempotency-Key lookup became a sequential scan of
   * the bookings, 0.67 → 1.2 ms of PostgreSQL's CPU per booking over 6,000 bookings) would not
   * be those of a database in use.
   */
  async grow(count: number): Promise<void> {
    if (this.tenants.length >= count) return;
    while (this.tenants.length < count) this.tenants.push(await seedTenant(this.db, this.tenants.length));
    await this.db.$executeRawUnsafe(`VACUUM ANALYZE ${SEEDED_TABLES.join(", ")}`);
  }

  tenant(i: number): Tenant {
    return this.tenants[i % this.tenants.length]!;
  }

  close(): Promise<void> {
    return this.db.$disconnect();
  }
}

export type BenchRequest = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };

/** The partner API's prefix, or the ceiling routes' (app/bench/ceiling). */
export type RoutePrefix = "/partner/v1" | "/bench/ceiling";

/** 7 nights for a family (2 adults and children of 4 and 9, or 3 adults and a child of 14), starting 1 to 300 days ahead. */
export function availabilityRequest(prefix: RoutePrefix, tenant: Tenant, i: number): BenchRequest {
  const checkin = addDays(tenant.today, 1 + (i % 300));
  const party = i % 2 === 0 ? "adults=2&childrenAges=4,9" : "adults=3&childrenAges=14";
  return { method: "GET", path: `${prefix}/availability?checkin=${checkin}&checkout=${addDays(checkin, 7)}&${party}`, headers: { "x-api-key": tenant.key } };
}

/** The ARI calendar of every room type for 90 nights (GET /rates), starting 1 to 270 days ahead. */
export function ratesRequest(prefix: RoutePrefix, tenant: Tenant, i: number): BenchRequest {
  const from = addDays(tenant.today, 1 + (i % 270));
  return { method: "GET", path: `${prefix}/rates?from=${from}&to=${addDays(from, 89)}`, headers: { "x-api-key": tenant.key } };
}

/** 2 nights for 2 adults and a child of 6, starting 1 to 600 days ahead, with a fresh Idempotency-Key. */
export function bookingRequest(prefix: RoutePrefix, tenant: Tenant, i: number): BenchRequest {
  const checkin = addDays(tenant.today, 1 + (i % 600));
  const body = JSON.stringify({
    roomTypeId: tenant.roomTypeIds[i % tenant.roomTypeIds.length],
    checkin,
    checkout: addDays(checkin, 2),
    adults: 2,
    childrenAges: [6],
    guest: { firstName: "Bench", lastName: "Mark", email: "bench@example.com" },
  });
  const headers = { "x-api-key": tenant.key, "idempotency-key": crypto.randomUUID(), "content-type": "application/json" };
  return { method: "POST", path: `${prefix}/bookings`, headers, body };
}

/** A two-room group: the family of bookingRequest and 2 adults in the next room type, 2 nights, starting 1 to 600 days ahead, with a fresh Idempotency-Key. */
export function groupRequest(prefix: RoutePrefix, tenant: Tenant, i: number): BenchRequest {
  const checkin = addDays(tenant.today, 1 + (i % 600));
  const roomType = (offset: number) => tenant.roomTypeIds[(i + offset) % tenant.roomTypeIds.length];
  const body = JSON.stringify({
    booker: { firstName: "Bench", lastName: "Mark", email: "bench@example.com" },
    rooms: [
      { roomTypeId: roomType(0), adults: 2, childrenAges: [6] },
      { roomTypeId: roomType(1), adults: 2 },
    ],
    checkin,
    checkout: addDays(checkin, 2),
  });
  const headers = { "x-api-key": tenant.key, "idempotency-key": crypto.randomUUID(), "content-type": "application/json" };
  return { method: "POST", path: `${prefix}/booking-groups`, headers, body };
}

export function getRequest(path: string, tenant: Tenant): BenchRequest {
  return { method: "GET", path, headers: { "x-api-key": tenant.key } };
}
