import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db";
import { checkInvariants } from "@/lib/integrity/check-invariants";
import { api } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";
import { startPrivatePostgres, type PrivatePostgres } from "../../support/private-postgres";
import { waitFor } from "../../support/wait-for";

/**
 * PostgreSQL stopped for 10 s while partners are booking, on a database of this test's own.
 * Partners only ever see 201, 409 (sold out) or 503 (retry), never a 500; the app recovers
 * without a restart; retrying with the same Idempotency-Key loses and doubles nothing; and
 * the stored invariants hold afterwards.
 */
const OUTAGE_MS = 10_000;
const WORKERS = 4;
const ROOMS = 150;

let postgres: PrivatePostgres;
let db: Db;

beforeAll(async () => {
  postgres = await startPrivatePostgres("outage");
  process.env.DATABASE_URL = postgres.url;
  process.env.RATE_LIMIT_BACKEND = "memory";
  db = createDb(postgres.url);
}, 60_000);

afterAll(async () => {
  await db?.$disconnect();
  const { getDb } = await import("@/lib/db");
  await getDb().$disconnect();
  await postgres?.dispose();
});

type Attempt = { status: number; code?: string; at: number };

describe("a database outage under booking load", () => {
  it("answers only 201, 409 and 503, recovers by itself, and loses or doubles nothing", async () => {
    const hotel = await partnerFixture(db, {
      plan: "pro",
      roomTypes: [{ name: "Dorm", description: "Beds.", maxAdults: 2, rooms: ROOMS, basePrice: 5_000 }],
    });
    const body = { roomTypeId: hotel.roomTypes[0]!.id, ...hotel.stay, adults: 1, guest: GUEST };
    const key = hotel.writeKey!.key;
    const started = Date.now();
    const attempts: Attempt[] = [];
    const booked = new Map<string, string>(); // Idempotency-Key → booking id
    let restartedAt = Number.POSITIVE_INFINITY;
    let done = false;

    async function worker(id: number) {
      for (let n = 0; !done; n++) {
        const idempotencyKey = `outage-${id}-${n}`;
        for (;;) {
          const response = await api("POST", "/bookings", { key, body, headers: { "idempotency-key": idempotencyKey } });
          attempts.push({ status: response.status, code: response.body?.code, at: Date.now() });
          if (response.status === 201) booked.set(idempotencyKey, response.body.id);
          if (response.status !== 503 || done) break;
          await new Promise((resolve) => setTimeout(resolve, 200)); // a partner retrying with the same key
        }
        await new Promise((resolve) => setTimeout(resolve, 100)); // a steady trickle, so the rooms outlast the outage
      }
    }

    const load = Promise.all(Array.from({ length: WORKERS }, (_, i) => worker(i)));
    // The outage starts with the load under way, bookings made (seen, not assumed after a pause).
    await waitFor(() => booked.size >= WORKERS, { what: "bookings made before the outage" });
    await postgres.stop();
    const stoppedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await postgres.start();
    restartedAt = Date.now();
    // Keep booking until the room type sells out after the restart, or 20 s.
    while (Date.now() - restartedAt < 20_000 && !attempts.some((a) => a.at > restartedAt && a.status === 409)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    done = true;
    await load;

    const count = (status: number, after = 0) => attempts.filter((a) => a.status === status && a.at >= after).length;
    const statuses = [...new Set(attempts.map((a) => `${a.status}${a.code ? ` ${a.code}` : ""}`))].sort();
    console.log(
      `[database outage] ${attempts.length} requests in ${Math.round((Date.now() - started) / 1000)} s, PostgreSQL down ${Math.round((restartedAt - stoppedAt) / 1000)} s: ` +
        `201×${count(201)}, 409×${count(409)}, 503×${count(503)}; after the restart 201×${count(201, restartedAt)}, 409×${count(409, restartedAt)}`,
    );
    expect(statuses.every((s) => /^(201|409 no_availability|503 service_unavailable)$/.test(s)), statuses.join(", ")).toBe(true);
    expect(count(503)).toBeGreaterThan(0);
    expect(count(201, restartedAt)).toBeGreaterThan(0); // recovered without restarting the app

    // Every booking a partner was told about exists once; nothing else was booked.
    const stored = await db.booking.findMany({ where: { propertyId: hotel.property.id }, select: { id: true, idempotencyKey: true } });
    expect(stored.length).toBe(booked.size);
    expect(new Set(stored.map((b) => b.id))).toEqual(new Set(booked.values()));
    expect(stored.length).toBe(ROOMS); // sold out: exactly its rooms, no more

    const check = await checkInvariants(db);
    expect(check.violations).toEqual([]);
    expect(check.checked.bookings).toBe(ROOMS);
  }, 90_000);
});
