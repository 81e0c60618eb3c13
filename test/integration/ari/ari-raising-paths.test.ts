import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ACTOR } from "@/lib/audit/actor";
import { systemClock } from "@/lib/clock";
import { addDays } from "@/lib/dates/calendar-date";
import { raiseAriEvents } from "@/lib/jobs/raise-ari-events";
import { createRatePlan, deactivateRatePlan, updateRatePlan } from "@/lib/rate-plans/save-rate-plan";
import { setRates } from "@/lib/rates/set-rates";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { updateRoomType } from "@/lib/room-types/update-room-type";
import { CALENDAR_HORIZON_NIGHTS } from "@/lib/room-types/calendar-horizon";
import type { AriChangedView, EventView } from "@/lib/schemas/events";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { setupTestDatabase } from "../../support/database";
import { api, useDatabaseForRoutes } from "../../support/partner-api";
import { GUEST, partnerFixture } from "../../support/partner-fixtures";

/**
 * Everything that moves a room type's ARI raises ari.changed (issue 39): each path below, once
 * its marks are raised (the window already passed), makes exactly one event per room type it
 * touched, whose range is the nights it changed and whose `changed` says what changed. Writes
 * that change no calendar (a plan renamed, a room type resized) raise none.
 */
const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let key: string;
let doubleId: string;
let singleId: string;
let stays = 0;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  hotel = await partnerFixture(database().db, { name: "Ari Paths Hotel" });
  key = hotel.writeKey!.key;
  doubleId = hotel.roomTypes[0]!.id;
  singleId = hotel.roomTypes[1]!.id;
  await raised(); // the fixture's new calendars
});

/** The property's marks raised now (the window is 0): the ari.changed events written, by room type id. */
async function raised(): Promise<Record<string, AriChangedView>> {
  const { db } = database();
  const before = await db.event.count({ where: { propertyId: hotel.property.id, type: "ari.changed" } });
  const count = await raiseAriEvents({ db, clock: systemClock, ariWindowMs: 0 }, hotel.property.id);
  const events = await db.event.findMany({ where: { propertyId: hotel.property.id, type: "ari.changed" }, orderBy: { sequence: "asc" }, skip: before });
  expect(events).toHaveLength(count);
  const byRoomType = Object.fromEntries(events.map((event) => [(event.data as AriChangedView).roomTypeId, event.data as AriChangedView]));
  expect(Object.keys(byRoomType)).toHaveLength(events.length);
  return byRoomType;
}

function stay(nights = 2) {
  const checkin = addDays(hotel.today, 30 + 5 * stays++);
  return { checkin, checkout: addDays(checkin, nights) };
}

const lastNight = (checkout: string) => addDays(checkout, -1);

describe("bookings raise availability over their nights", () => {
  it("made, changed (dates, then room type) and cancelled, through the API", async () => {
    const dates = stay(3);
    const made = await api("POST", "/bookings", { key, body: { roomTypeId: doubleId, ...dates, adults: 1, guest: GUEST } });
    expect(made.status, made.text).toBe(201);
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, from: dates.checkin, to: lastNight(dates.checkout), changed: ["availability"] } });

    // Two days later: the nights given back and the nights taken, one range.
    const later = { checkin: addDays(dates.checkin, 2), checkout: addDays(dates.checkout, 2) };
    const moved = await api("PATCH", `/bookings/${made.body.id}`, { key, body: later });
    expect(moved.status, moved.text).toBe(200);
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, from: dates.checkin, to: lastNight(later.checkout), changed: ["availability"] } });

    // Into the single: both room types changed.
    const single = await api("PATCH", `/bookings/${made.body.id}`, { key, body: { roomTypeId: singleId } });
    expect(single.status, single.text).toBe(200);
    const range = { from: later.checkin, to: lastNight(later.checkout), changed: ["availability"] };
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, ...range }, [singleId]: { roomTypeId: singleId, ...range } });

    const cancelled = await api("POST", `/bookings/${made.body.id}/cancel`, { key });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await raised()).toEqual({ [singleId]: { roomTypeId: singleId, ...range } });
    // Nothing left to raise.
    expect(await raised()).toEqual({});
  });

  it("a group of rooms, made and cancelled: one event per room type it takes", async () => {
    const dates = stay(2);
    const group = await api("POST", "/booking-groups", {
      key,
      body: { booker: GUEST, ...dates, rooms: [{ roomTypeId: doubleId, adults: 2 }, { roomTypeId: doubleId, adults: 1 }, { roomTypeId: singleId, adults: 1 }] },
    });
    expect(group.status, group.text).toBe(201);
    const range = { from: dates.checkin, to: lastNight(dates.checkout), changed: ["availability"] };
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, ...range }, [singleId]: { roomTypeId: singleId, ...range } });

    const cancelled = await api("POST", `/booking-groups/${group.body.id}/cancel`, { key });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, ...range }, [singleId]: { roomTypeId: singleId, ...range } });
  });

  it("a test key's booking raises the test twin's own event, in mode test; the live property's nothing", async () => {
    const { db } = database();
    const twin = await openTestTwin(db, hotel.property.id);
    const testKey = await createApiKey(db, { propertyId: twin.id, scope: "write", label: "Test write", actor: TEST_ACTOR });
    const twinDouble = await db.roomType.findFirstOrThrow({ where: { propertyId: twin.id, name: "Double" } });
    const dates = stay(2);
    const made = await api("POST", "/bookings", { key: testKey.key, body: { roomTypeId: twinDouble.id, ...dates, adults: 1, guest: GUEST } });
    expect(made.status, made.text).toBe(201);
    expect(await raised()).toEqual({});
    expect(await raiseAriEvents({ db, clock: systemClock, ariWindowMs: 0 }, twin.id)).toBe(1);
    const feed = await api("GET", "/events?type=ari.changed", { key: testKey.key });
    expect(feed.body.data.map((event: EventView) => [event.mode, event.data])).toEqual([
      ["test", { roomTypeId: twinDouble.id, from: dates.checkin, to: lastNight(dates.checkout), changed: ["availability"] }],
    ]);
  });

  it("a refused booking marks nothing", async () => {
    const dates = stay(2);
    await setRates(database().db, { roomTypeId: singleId, from: dates.checkin, to: dates.checkin, closed: true });
    await raised();
    const refused = await api("POST", "/bookings", { key, body: { roomTypeId: singleId, ...dates, adults: 1, guest: GUEST } });
    expect(refused.status, refused.text).toBe(409);
    expect(await raised()).toEqual({});
  });
});

describe("the calendar's own changes", () => {
  it("rates, rooms for sale and restrictions: each says what changed, over the nights set (weekdays included)", async () => {
    const { db } = database();
    const from = addDays(hotel.today, 200);
    const to = addDays(from, 13);
    await setRates(db, { roomTypeId: doubleId, from, to, price: 13_000, actor: TEST_ACTOR });
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, from, to, changed: ["price"] } });
    await setRates(db, { roomTypeId: doubleId, from, to, rooms: 7 });
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, from, to, changed: ["availability"] } });
    await setRates(db, { roomTypeId: doubleId, from, to, minStay: 2, closedToArrival: true });
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, from, to, changed: ["restrictions"] } });
    // A closed night has no room available: both.
    await setRates(db, { roomTypeId: doubleId, from, to: from, closed: true });
    expect(await raised()).toEqual({ [doubleId]: { roomTypeId: doubleId, from, to: from, changed: ["availability", "restrictions"] } });
    // Only the weekdays asked: the range is their first to their last night.
    const nights = Array.from({ length: 14 }, (_, i) => addDays(from, i));
    const sundays = nights.filter((night) => new Date(`${night}T00:00:00Z`).getUTCDay() === 0);
    await setRates(db, { roomTypeId: singleId, from, to, weekdays: [7], price: 9_000 });
    expect(await raised()).toEqual({ [singleId]: { roomTypeId: singleId, from: sundays[0], to: sundays.at(-1), changed: ["price"] } });
    // Nights beyond the calendar are created: everything about them is new.
    const beyond = addDays(hotel.today, CALENDAR_HORIZON_NIGHTS + 2);
    await setRates(db, { roomTypeId: singleId, from: beyond, to: beyond, price: 9_500 });
    expect(await raised()).toEqual({ [singleId]: { roomTypeId: singleId, from: beyond, to: beyond, changed: ["availability", "price", "restrictions"] } });
  });

  it("rate plans created, repriced, moved and deactivated: price from today to the last night with a rate", async () => {
    const { db } = database();
    const lastRated = async (roomTypeId: string) =>
      (await db.roomNight.findFirstOrThrow({ where: { roomTypeId }, orderBy: { date: "desc" } })).date.toISOString().slice(0, 10);
    const prices = async (roomTypeId: string) => ({ roomTypeId, from: hotel.today, to: await lastRated(roomTypeId), changed: ["price"] });
    const plan = await createRatePlan(db, {
      propertyId: hotel.property.id,
      name: "Breakfast",
      priceRule: { amount: 1_500 },
      cancellationPolicy: { type: "non_refundable" },
      roomTypeIds: [doubleId],
      actor: TEST_ACTOR,
    });
    expect(await raised()).toEqual({ [doubleId]: await prices(doubleId) });

    await updateRatePlan(db, { id: plan.id, propertyId: hotel.property.id, priceRule: { percent: 10 }, actor: TEST_ACTOR });
    expect(await raised()).toEqual({ [doubleId]: await prices(doubleId) });
    // Sold for the single instead: both room types' prices changed.
    await updateRatePlan(db, { id: plan.id, propertyId: hotel.property.id, roomTypeIds: [singleId], actor: TEST_ACTOR });
    expect(await raised()).toEqual({ [doubleId]: await prices(doubleId), [singleId]: await prices(singleId) });
    // A new name moves no price.
    await updateRatePlan(db, { id: plan.id, propertyId: hotel.property.id, name: "Bed and breakfast", actor: TEST_ACTOR });
    expect(await raised()).toEqual({});

    await deactivateRatePlan(db, { id: plan.id, propertyId: hotel.property.id, actor: TEST_ACTOR });
    expect(await raised()).toEqual({ [singleId]: await prices(singleId) });
    // Deactivating it again changes nothing.
    await deactivateRatePlan(db, { id: plan.id, propertyId: hotel.property.id, actor: TEST_ACTOR });
    expect(await raised()).toEqual({});
  });

  it("a new room type opens its calendar (everything, over its nights); resizing one changes no night, so raises nothing", async () => {
    const { db } = database();
    const suite = await createRoomType(db, { propertyId: hotel.property.id, name: "Suite", maxAdults: 3, rooms: 2, basePrice: 30_000, actor: TEST_ACTOR });
    expect(await raised()).toEqual({
      [suite.id]: { roomTypeId: suite.id, from: hotel.today, to: addDays(hotel.today, CALENDAR_HORIZON_NIGHTS - 1), changed: ["availability", "price", "restrictions"] },
    });
    await updateRoomType(db, { id: suite.id, rooms: 4, basePrice: 32_000, actor: TEST_ACTOR });
    expect(await raised()).toEqual({});
  });
});
