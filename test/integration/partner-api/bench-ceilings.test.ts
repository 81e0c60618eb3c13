import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as availabilityCeiling } from "@/app/bench/ceiling/availability/route";
import { POST as bookingsCeiling } from "@/app/bench/ceiling/bookings/route";
import { POST as groupsCeiling } from "@/app/bench/ceiling/booking-groups/route";
import { GET as meCeiling } from "@/app/bench/ceiling/me/route";
import { GET as ratesCeiling } from "@/app/bench/ceiling/rates/route";
import { addDays } from "@/lib/dates/calendar-date";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

// The benchmark compares each route with its ceiling (npm run bench): for the distance to be
// the pipeline's alone, a ceiling must answer what its route answers, from the same rows.
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  vi.stubEnv("BENCH_CEILING_ROUTES", "1");
  hotel = await partnerFixture(database().db);
  key = hotel.writeKey!.key;
});
afterAll(() => vi.unstubAllEnvs());

const ceilingRequest = (path: string, init: RequestInit = {}) => new Request(`http://localhost/bench/ceiling${path}`, { ...init, headers: { "x-api-key": key, ...init.headers } });

describe("the benchmark's ceiling routes", () => {
  it("answer GET /me's body", async () => {
    const ceiling = await meCeiling(ceilingRequest("/me"));
    expect(ceiling.status).toBe(200);
    expect(await ceiling.json()).toEqual((await api("GET", "/me", { key })).body);
  });

  it("answer GET /availability's body: each night's price on its date", async () => {
    const query = `?checkin=${addDays(hotel.today, 5)}&checkout=${addDays(hotel.today, 8)}&adults=1`;
    const route = await api("GET", `/availability${query}`, { key });
    expect(route.body.roomTypes.length).toBeGreaterThan(0);
    const ceiling = await availabilityCeiling(ceilingRequest(`/availability${query}`));
    expect(await ceiling.json()).toEqual(route.body);
  });

  it("answer GET /rates's body: every room type's nights with each plan's price", async () => {
    const query = `?from=${addDays(hotel.today, 1)}&to=${addDays(hotel.today, 90)}`;
    const route = await api("GET", `/rates${query}`, { key });
    expect(route.body.roomTypes[0].nights).toHaveLength(90);
    expect(route.body.roomTypes[0].nights[0].plans.length).toBeGreaterThan(0);
    const ceiling = await ratesCeiling(ceilingRequest(`/rates${query}`));
    expect(await ceiling.json()).toEqual(route.body);
  });

  it("answer POST /bookings with the booking as the API shows it", async () => {
    const checkin = addDays(hotel.today, 10);
    const body = { roomTypeId: hotel.roomTypes[0]!.id, checkin, checkout: addDays(checkin, 2), adults: 1, guest: GUEST };
    const ceiling = await bookingsCeiling(ceilingRequest("/bookings", { method: "POST", body: JSON.stringify(body), headers: { "idempotency-key": crypto.randomUUID() } }));
    expect(ceiling.status).toBe(201);
    const booking = (await ceiling.json()) as { id: string };
    expect(booking).toEqual((await api("GET", `/bookings/${booking.id}`, { key })).body);
  });

  it("answer POST /booking-groups with the group as the API shows it", async () => {
    const checkin = addDays(hotel.today, 12);
    const rooms = [{ roomTypeId: hotel.roomTypes[0]!.id, adults: 2 }, { roomTypeId: hotel.roomTypes[1]!.id, adults: 1 }];
    const body = { booker: GUEST, rooms, checkin, checkout: addDays(checkin, 2) };
    const ceiling = await groupsCeiling(ceilingRequest("/booking-groups", { method: "POST", body: JSON.stringify(body), headers: { "idempotency-key": crypto.randomUUID() } }));
    expect(ceiling.status).toBe(201);
    const group = (await ceiling.json()) as { id: string };
    expect(group).toEqual((await api("GET", `/booking-groups/${group.id}`, { key })).body);
  });
});
