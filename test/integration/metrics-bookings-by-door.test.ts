import { unlessRefused } from "@/lib/bookings/booking-refusals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { deskActor } from "@/lib/bookings/booking-actor";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { createBooking } from "@/lib/bookings/create-booking";
import { enableBookingEngine, openBookingEngine } from "@/lib/booking-engine/booking-engine";
import type { RunningWorker } from "@/lib/jobs/start-worker";
import { appMetrics } from "@/lib/metrics/app-metrics";
import { seedStaff } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { waitForQueueDrained } from "../support/job-queue";
import { api, useDatabaseForRoutes } from "../support/partner-api";
import { GUEST, partnerFixture } from "../support/partner-fixtures";
import { parsePrometheusText, sampleValue } from "../support/prometheus-text";
import { startTestWorker, testSecretBox } from "../support/test-worker";
import { waitFor } from "../support/wait-for";

/**
 * bookings_total by action and door (issue 25): a booking made through the partner API, the
 * hotel's booking engine (its site's key) and the panel's desk, one changed and cancelled, each
 * counted once, by the worker as it dispatches the booking's event.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let worker: RunningWorker;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Door Hotel" });
  worker = await startTestWorker(database());
});
afterAll(() => worker.stop());

async function counts(): Promise<Record<string, number>> {
  const samples = parsePrometheusText(await appMetrics().registry.metrics());
  const result: Record<string, number> = {};
  for (const action of ["created", "changed", "cancelled"]) {
    for (const door of ["api", "site", "panel", "other"]) result[`${action} ${door}`] = sampleValue(samples, "bookings_total", { action, door }) ?? 0;
  }
  return result;
}

const stay = (offset: number) => ({ roomTypeId: hotel.roomTypes[0]!.id, checkin: hotel.stay.checkin, checkout: hotel.stay.checkout, adults: 1 + (offset % 2), guest: GUEST });

describe("bookings by door", () => {
  it("counts each booking made, changed and cancelled once, by the door it came through", async () => {
    const before = await counts();
    const viaApi = await api("POST", "/bookings", { key: hotel.writeKey!.key, body: stay(0) });
    const replay = await api("POST", "/bookings", { key: hotel.writeKey!.key, body: stay(0), headers: { "Idempotency-Key": "door-1" } });
    await api("POST", "/bookings", { key: hotel.writeKey!.key, body: stay(0), headers: { "Idempotency-Key": "door-1" } });
    expect([viaApi.status, replay.status]).toEqual([201, 201]);
    await api("PATCH", `/bookings/${viaApi.body.id}`, { key: hotel.writeKey!.key, body: { adults: 2 } });
    await api("POST", `/bookings/${viaApi.body.id}/cancel`, { key: hotel.writeKey!.key, body: {} });
    await api("POST", `/bookings/${viaApi.body.id}/cancel`, { key: hotel.writeKey!.key, body: {} });

    await enableBookingEngine(database().db, { propertyId: hotel.property.id, actor: TEST_ACTOR, box: testSecretBox });
    const engine = await openBookingEngine(database().db, hotel.property.slug, testSecretBox);
    expect((await api("POST", "/bookings", { key: engine!.apiKey, body: stay(1) })).status).toBe(201);

    const staff = await seedStaff(database().db, hotel.property.id, { email: "desk@door-hotel.example", name: "Desk Person" });
    const atTheDesk = deskActor({ staffUserId: staff.id, name: "Desk Person", email: staff.email });
    const desk = unlessRefused(await createBooking(database().db, { property: hotel.property, input: stay(1), actor: atTheDesk }));
    unlessRefused(await cancelBooking(database().db, { property: hotel.property, bookingId: desk.booking.id, actor: atTheDesk }));

    const expected = { "created api": 2, "changed api": 1, "cancelled api": 1, "created site": 1, "created panel": 1, "cancelled panel": 1 };
    const grown = async (): Promise<Record<string, number>> => {
      const now = await counts();
      return Object.fromEntries(Object.entries(now).map(([name, value]) => [name, value - (before[name] ?? 0)] as const).filter(([, value]) => value !== 0));
    };
    const total = async () => Object.values(await grown()).reduce((a, b) => a + b, 0);
    await waitFor(async () => (await total()) >= 7, { what: "the seven events dispatched" });
    // Every dispatch job has run (the count is taken in it): a second count of any event would show now.
    await waitForQueueDrained(database().db);
    expect(await grown()).toEqual(expected);
  });
});
