import { describe, expect, it } from "vitest";
import { ADMIN_CLI_ACTOR } from "@/lib/audit/actor";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { fixedClock } from "@/lib/clock";
import { addDays, eachDate, fromDbDate, toDbDate } from "@/lib/dates/calendar-date";
import { isDomainError } from "@/lib/errors";
import { readRateCalendar } from "@/lib/rates/read-rate-calendar";
import { refusePastNights } from "@/lib/rates/refuse-past-nights";
import { setRates } from "@/lib/rates/set-rates";
import { isoWeekday } from "@/lib/rates/weekdays";
import { createRoomType } from "@/lib/room-types/create-room-type";
import { setTestClock } from "@/lib/test-mode/test-clock";
import { openTestTwin } from "@/lib/test-mode/test-twin";
import { updateRoomType } from "@/lib/room-types/update-room-type";
import { seedProperty } from "@/prisma/factories";
import { setupTestDatabase } from "../support/database";
import { seedHotel } from "../support/hotel";

const database = setupTestDatabase();
const staff = { staffId: undefined, label: "manager@example.com" };

async function hotel(rooms = 5) {
  const { property, roomTypes, today } = await seedHotel(database().db, { Double: { rooms, basePrice: 10_000 } }, { name: "Rates Inn" });
  return { property, roomType: roomTypes.Double, today };
}

const nightsOf = async (roomTypeId: string, from: string, to: string) =>
  (await database().db.roomNight.findMany({ where: { roomTypeId, date: { gte: toDbDate(from), lte: toDbDate(to) } }, orderBy: { date: "asc" } })).map((n) => ({
    date: fromDbDate(n.date),
    price: n.price,
    roomsForSale: n.roomsForSale,
    roomsSold: n.roomsSold,
    closed: n.closed,
  }));

describe("setRates", () => {
  it("with weekdays touches only those weekdays of the range, creating missing nights only on them", async () => {
    const { roomType, today } = await hotel();
    const from = addDays(today, 20);
    const to = addDays(from, 27); // four whole weeks
    const beyond = addDays(today, 800); // past the opened calendar: no rows yet
    const result = await setRates(database().db, { roomTypeId: roomType.id, from, to, weekdays: [5, 6], price: 15_000, closed: true });
    expect(result).toMatchObject({ nights: 8, keptAboveSold: 0, keptAboveSoldNights: [] });
    for (const night of await nightsOf(roomType.id, from, to)) {
      const weekend = [5, 6].includes(isoWeekday(night.date));
      expect([night.date, night.price, night.closed]).toEqual([night.date, weekend ? 15_000 : 10_000, weekend]);
    }
    const created = await setRates(database().db, { roomTypeId: roomType.id, from: beyond, to: addDays(beyond, 6), weekdays: [7], rooms: 2 });
    expect(created.nights).toBe(1);
    const rows = await nightsOf(roomType.id, beyond, addDays(beyond, 6));
    expect(rows).toEqual([{ date: eachDate(beyond, addDays(beyond, 6)).find((d) => isoWeekday(d) === 7), price: 10_000, roomsForSale: 2, roomsSold: 0, closed: false }]);
  });

  it("refuses weekdays that no night of the range falls on, and bad weekday numbers", async () => {
    const { roomType, today } = await hotel();
    const monday = eachDate(addDays(today, 10), addDays(today, 16)).find((d) => isoWeekday(d) === 1)!;
    await expect(setRates(database().db, { roomTypeId: roomType.id, from: monday, to: addDays(monday, 1), weekdays: [5], price: 1 })).rejects.toThrow(/no night from .* falls on Fri/);
    await expect(setRates(database().db, { roomTypeId: roomType.id, from: monday, to: monday, weekdays: [0 as 1], price: 1 })).rejects.toThrow(/weekdays must be/);
    await expect(setRates(database().db, { roomTypeId: roomType.id, from: monday, to: monday, weekdays: [], price: 1 })).rejects.toThrow(/weekdays must be/);
  });

  it("keeps rooms for sale at rooms sold and names exactly the nights where sold > requested rooms", async () => {
    const { roomType, today } = await hotel(5);
    const from = addDays(today, 30);
    const to = addDays(from, 4);
    const sold = { [from]: 3, [addDays(from, 1)]: 2, [addDays(from, 3)]: 4 }; // requested 2: only 3 and 4 are above it
    for (const [date, roomsSold] of Object.entries(sold)) await database().db.roomNight.update({ where: { roomTypeId_date: { roomTypeId: roomType.id, date: toDbDate(date) } }, data: { roomsSold } });
    const result = await setRates(database().db, { roomTypeId: roomType.id, from, to, rooms: 2, actor: staff });
    expect(result).toEqual({ roomTypeId: roomType.id, nights: 5, keptAboveSold: 2, keptAboveSoldNights: [from, addDays(from, 3)] });
    expect((await nightsOf(roomType.id, from, to)).map((n) => [n.roomsForSale, n.roomsSold])).toEqual([[3, 3], [2, 2], [2, 0], [4, 4], [2, 0]]);
    const calendar = await readRateCalendar(database().db, { propertyId: roomType.propertyId, roomTypeId: roomType.id, from, to });
    expect(calendar.map((n) => n.free)).toEqual([0, 0, 2, 0, 2]);
  });

  it("writes a rates_set audit row with room type, nights, weekdays and what changed, in the change's transaction", async () => {
    const { property, roomType, today } = await hotel();
    const from = addDays(today, 40);
    await setRates(database().db, { roomTypeId: roomType.id, from, to: addDays(from, 13), weekdays: [6, 5, 5], price: 12_345, closed: false, actor: staff });
    await setRates(database().db, { roomTypeId: roomType.id, from, to: from, rooms: 1 }); // no actor (seed, fixtures): no row
    const [event, ...others] = await listAuditEvents(database().db, { propertyId: property.id, actions: ["rates_set"] });
    expect(others).toHaveLength(0);
    expect(event).toMatchObject({
      action: "rates_set",
      actorLabel: "manager@example.com",
      details: { roomTypeId: roomType.id, roomTypeName: "Double", from, to: addDays(from, 13), weekdays: [5, 6], nights: 4, changes: { price: { amount: 12_345, currency: "EUR" }, closed: false }, keptAboveSoldNights: [] },
    });
    // A refused change (an unknown room type of the property) writes neither nights nor audit.
    await expect(setRates(database().db, { roomTypeId: roomType.id, propertyId: "prop_00000000000000000000", from, to: from, price: 1, actor: staff })).rejects.toSatisfy((e) => isDomainError(e, "not_found"));
    expect(await listAuditEvents(database().db, { propertyId: property.id, actions: ["rates_set"] })).toHaveLength(1);
    // The change itself: the range's Fridays and Saturdays priced, its other nights not, whatever weekday today is.
    const priced = (await nightsOf(roomType.id, from, addDays(from, 13))).filter((n) => n.price === 12_345).map((n) => n.date);
    expect(priced).toEqual(eachDate(from, addDays(from, 13)).filter((date) => [5, 6].includes(isoWeekday(date))));
    expect(priced).toHaveLength(4);
  });
});

describe("refusePastNights", () => {
  it("refuses a start before today at the property, accepts today, and confines to the property", async () => {
    const { property, roomType } = await hotel();
    const clock = fixedClock("2026-06-10T23:30:00Z"); // already 2026-06-11 in Asia/Tokyo
    const { property: tokyo, roomTypes } = await seedProperty(database().db, { name: "Tokyo Inn", timezone: "Asia/Tokyo", currency: "JPY", clock, roomTypes: [{ name: "Twin", maxAdults: 2, rooms: 1, basePrice: 12_000 }] });
    const twin = roomTypes[0]!;
    await expect(refusePastNights(database().db, { roomTypeId: twin.id, from: "2026-06-10", clock })).rejects.toThrow("2026-06-10 is before today at the property (2026-06-11): past nights cannot be changed");
    await expect(refusePastNights(database().db, { roomTypeId: twin.id, from: "2026-06-11", clock })).resolves.toBeUndefined();
    await expect(refusePastNights(database().db, { roomTypeId: twin.id, propertyId: property.id, from: "2026-06-11", clock })).rejects.toSatisfy((e) => isDomainError(e, "not_found"));
    await expect(refusePastNights(database().db, { roomTypeId: roomType.id, propertyId: tokyo.id, from: "2030-01-01" })).rejects.toSatisfy((e) => isDomainError(e, "not_found"));
  });

  it("reads a test twin's today from its test clock, as the rates page shows it", async () => {
    const { property, today } = await hotel();
    const twin = await openTestTwin(database().db, property.id);
    const twinRoomType = await database().db.roomType.findFirstOrThrow({ where: { propertyId: twin.id } });
    const moved = addDays(today, 10);
    await setTestClock(database().db, twin, moved);
    await expect(refusePastNights(database().db, { roomTypeId: twinRoomType.id, from: addDays(today, 5) })).rejects.toThrow(`is before today at the property (${moved})`);
    await expect(refusePastNights(database().db, { roomTypeId: twinRoomType.id, from: moved })).resolves.toBeUndefined();
  });
});

describe("room types", () => {
  it("createRoomType with an actor writes room_type_created", async () => {
    const { property } = await hotel();
    const created = await createRoomType(database().db, { propertyId: property.id, name: " Suite ", maxAdults: 4, rooms: 2, basePrice: 30_000, actor: ADMIN_CLI_ACTOR });
    const [event] = await listAuditEvents(database().db, { propertyId: property.id, actions: ["room_type_created"] });
    expect(event).toMatchObject({ actorLabel: "admin CLI", details: { roomTypeId: created.id, roomTypeName: "Suite", maxAdults: 4, rooms: 2, basePrice: { amount: 30_000, currency: "EUR" } } });
  });

  it("updateRoomType validates, changes only what differs, audits before and after, and leaves existing nights alone", async () => {
    const { property, roomType, today } = await hotel(5);
    const db = database().db;
    await expect(updateRoomType(db, { id: roomType.id, actor: staff })).rejects.toThrow(/nothing to change/);
    await expect(updateRoomType(db, { id: roomType.id, name: " ", maxAdults: 0, basePrice: -1, actor: staff })).rejects.toThrow(
      "name must be 1 to 100 characters; max adults must be a whole number from 1 to 20; price must be a whole number of minor units from 0 to 100,000,000",
    );
    await expect(updateRoomType(db, { id: roomType.id, name: "Bad\u0000name", actor: staff })).rejects.toSatisfy((e) => isDomainError(e, "invalid_argument"));
    await expect(updateRoomType(db, { id: roomType.id, propertyId: "prop_00000000000000000000", name: "Other", actor: staff })).rejects.toSatisfy((e) => isDomainError(e, "not_found"));
    expect(await listAuditEvents(db, { propertyId: property.id, actions: ["room_type_updated"] })).toHaveLength(0);

    const { roomType: updated, changed } = await updateRoomType(db, { id: roomType.id, propertyId: property.id, name: "Double Deluxe", maxAdults: 2, basePrice: 12_500, rooms: 7, actor: staff });
    expect(changed).toEqual(["name", "rooms", "basePrice"]);
    expect(updated).toMatchObject({ name: "Double Deluxe", maxAdults: 2, rooms: 7, basePrice: 12_500 });
    const [event] = await listAuditEvents(db, { propertyId: property.id, actions: ["room_type_updated"] });
    expect(event).toMatchObject({
      actorLabel: "manager@example.com",
      details: {
        roomTypeId: roomType.id,
        roomTypeName: "Double Deluxe",
        changes: { name: { from: "Double", to: "Double Deluxe" }, rooms: { from: 5, to: 7 }, basePrice: { from: { amount: 10_000, currency: "EUR" }, to: { amount: 12_500, currency: "EUR" } } },
      },
    });
    expect((event!.details as { changes: object }).changes).not.toHaveProperty("maxAdults");
    // Nights already in the calendar keep their price and rooms; nights created later take the new ones.
    expect((await nightsOf(roomType.id, today, today))[0]).toMatchObject({ price: 10_000, roomsForSale: 5 });
    const later = addDays(today, 900);
    await setRates(db, { roomTypeId: roomType.id, from: later, to: later, closed: false });
    expect((await nightsOf(roomType.id, later, later))[0]).toMatchObject({ price: 12_500, roomsForSale: 7 });

    const again = await updateRoomType(db, { id: roomType.id, name: "Double Deluxe", actor: staff });
    expect(again.changed).toEqual([]);
    expect(await listAuditEvents(db, { propertyId: property.id, actions: ["room_type_updated"] })).toHaveLength(1);
  });
});
