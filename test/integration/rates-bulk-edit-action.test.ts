import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/calendar-date";
import { readRateCalendar } from "@/lib/rates/read-rate-calendar";
import { setupTestDatabase } from "../support/database";
import { form, panelSession, panelSessionsAt, type PanelSessions } from "../support/panel-actions";
import { useDatabaseForRoutes } from "../support/partner-api";
import { partnerFixture } from "../support/partner-fixtures";

/** The Rates bulk edit's action as the server runs it (session through next/headers, given here): the stay restrictions. */

const { setRatesAction } = await import("@/app/(panel)/(signed-in)/rates/actions");

const database = setupTestDatabase();
let hotel: Awaited<ReturnType<typeof partnerFixture>>;
let sessions: PanelSessions;

beforeAll(async () => {
  useDatabaseForRoutes(database().url);
  const { db } = database();
  hotel = await partnerFixture(db, { name: "Restrictions Inn" });
  sessions = await panelSessionsAt(db, hotel.property);
});

function submit(who: keyof typeof sessions, fields: Record<string, string>) {
  panelSession.token = sessions[who];
  return setRatesAction({}, form({ propertyId: hotel.property.id, roomTypeId: hotel.roomTypes[0]!.id, ...fields }));
}

const calendar = (from: string, to: string) => readRateCalendar(database().db, { propertyId: hotel.property.id, roomTypeId: hotel.roomTypes[0]!.id, from, to });
const restrictions = async (from: string, to: string) =>
  (await calendar(from, to)).map(({ minStay, maxStay, closedToArrival, closedToDeparture }) => ({ minStay, maxStay, closedToArrival, closedToDeparture }));

describe("Rates bulk edit: stay restrictions", () => {
  it("sets min and max stay, closes to arrival and departure, and leaves everything else as it was", async () => {
    const from = addDays(hotel.today, 20);
    const to = addDays(from, 2);
    const pricesBefore = (await calendar(from, to)).map((n) => [n.price, n.roomsForSale, n.closed]);
    const state = await submit("admin", { from, to, minStay: "3", maxStay: "7", arrival: "close", departure: "close" });
    expect(state.done).toBe(`Updated 3 nights from ${from} to ${to}.`);
    expect(await restrictions(from, to)).toEqual(Array(3).fill({ minStay: 3, maxStay: 7, closedToArrival: true, closedToDeparture: true }));
    expect((await calendar(from, to)).map((n) => [n.price, n.roomsForSale, n.closed])).toEqual(pricesBefore);
    expect(await restrictions(addDays(to, 1), addDays(to, 1))).toEqual([{ minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false }]);

    // The defaults leave each restriction as it is: a price alone keeps them.
    await submit("admin", { from, to: from, price: "99" });
    expect((await restrictions(from, from))[0]).toEqual({ minStay: 3, maxStay: 7, closedToArrival: true, closedToDeparture: true });

    // Remove the max stay, open the arrivals of the first night only.
    await submit("admin", { from, to: from, clearMaxStay: "on", arrival: "open" });
    expect(await restrictions(from, to)).toEqual([
      { minStay: 3, maxStay: null, closedToArrival: false, closedToDeparture: true },
      { minStay: 3, maxStay: 7, closedToArrival: true, closedToDeparture: true },
      { minStay: 3, maxStay: 7, closedToArrival: true, closedToDeparture: true },
    ]);
    const audit = await database().db.auditEvent.findFirstOrThrow({ where: { propertyId: hotel.property.id, action: "rates_set" }, orderBy: { createdAt: "desc" } });
    expect(audit.details).toMatchObject({ changes: { maxStay: null, closedToArrival: false } });
  });

  it("refuses a max stay given and removed at once, an out-of-range stay, and nothing to change", async () => {
    const from = addDays(hotel.today, 40);
    expect(await submit("admin", { from, to: from, maxStay: "5", clearMaxStay: "on" })).toMatchObject({
      error: "Check the highlighted fields.",
      fieldErrors: { maxStay: "Enter a max stay or remove it, not both." },
      values: { maxStay: "5", clearMaxStay: "on" },
    });
    expect(await submit("admin", { from, to: from, minStay: "two" })).toMatchObject({ fieldErrors: { minStay: "Enter a whole number of nights, e.g. 3, or leave it empty." } });
    expect(await submit("admin", { from, to: from, minStay: "40" })).toMatchObject({ error: "Min stay must be a whole number of nights from 1 to 30.", values: { minStay: "40" } });
    expect(await submit("admin", { from, to: from, minStay: "5", maxStay: "2" })).toMatchObject({ error: "Max stay must not be below min stay." });
    expect(await submit("admin", { from, to: from, arrival: "keep", departure: "keep" })).toMatchObject({ error: expect.stringMatching(/^Nothing to change/) });
    expect(await restrictions(from, from)).toEqual([{ minStay: 1, maxStay: null, closedToArrival: false, closedToDeparture: false }]);
  });

  it("refuses a viewer on the server", async () => {
    const from = addDays(hotel.today, 50);
    expect((await submit("viewer", { from, to: from, minStay: "4" })).error).toBe("You have view access to this property: only its admins can change room types and rates.");
    expect((await restrictions(from, from))[0]!.minStay).toBe(1);
  });
});
